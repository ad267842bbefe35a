/* SPDX-License-Identifier: MIT */
/*
 * For the MIPS ABI trampolines (arch/mips/abi-check.S, o32, and
 * arch/mips64/abi-check.S, n64), after their abi_saved_sp:
 *
 * SAVED_SP reg, tmp, got
 *	reg = the address of this thread's abi_saved_sp (initial-exec TLS:
 *	the thread pointer from rdhwr $29, its offset from the GOT at got,
 *	loaded and added at the ABI's pointer width); clobbers tmp.
 */
#if _MIPS_SIM == _ABI64
#define ABI_SAVED_SP_ISA	mips64r2
#define ABI_SAVED_SP_LOAD	ld
#define ABI_SAVED_SP_ADD	daddu
#else
#define ABI_SAVED_SP_ISA	mips32r2
#define ABI_SAVED_SP_LOAD	lw
#define ABI_SAVED_SP_ADD	addu
#endif

.macro SAVED_SP reg, tmp, got
	.set	push
	.set	ABI_SAVED_SP_ISA
	rdhwr	\tmp, $29
	.set	pop
	ABI_SAVED_SP_LOAD	\reg, %gottprel(abi_saved_sp)(\got)
	ABI_SAVED_SP_ADD	\reg, \reg, \tmp
.endm
