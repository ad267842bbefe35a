/* SPDX-License-Identifier: MIT */
/*
 * The thread-local word in which an ABI trampoline (arch/<dir>/abi-check.S)
 * keeps its stack pointer across the call it checks, so that it finds its
 * frame again whatever the callee did to sp, and threads and nested calls
 * each have their own:
 *
 * ABI_SAVED_SP_WORD name, size
 *	Defines name, size bytes in .tbss (zero in each new thread), local to
 *	the file; the current section is left as it was.
 */
.macro ABI_SAVED_SP_WORD name, size
	.pushsection .tbss,"awT",%nobits
	.balign	\size
	.type	\name, %object
	.size	\name, \size
\name:	.zero	\size
	.popsection
.endm
