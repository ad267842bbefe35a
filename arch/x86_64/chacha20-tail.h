/* SPDX-License-Identifier: MIT */
/*
 * GNU as macro shared by the ChaCha20 .S files: XOR the bytes [%rax, %rcx)
 * of src (%rdx) with keystream saved on the stack at \ks(%rsp) into dst
 * (%rsi), eight bytes at a time and then byte by byte. Leaves %rax = %rcx;
 * clobbers %r9 and %r10. Branches depend only on the (public) length.
 */
.macro XOR_TAIL ks
1:	leaq	8(%rax), %r9
	cmpq	%rcx, %r9
	ja	2f
	movq	(%rdx,%rax), %r10
	xorq	\ks(%rsp,%rax), %r10
	movq	%r10, (%rsi,%rax)
	movq	%r9, %rax
	jmp	1b
2:	cmpq	%rcx, %rax
	jae	3f
	movzbl	(%rdx,%rax), %r10d
	xorb	\ks(%rsp,%rax), %r10b
	movb	%r10b, (%rsi,%rax)
	incq	%rax
	jmp	2b
3:
.endm
