/* SPDX-License-Identifier: MIT */
/*
 * ChaCha20's part of zinc_selftest() (CHACHA20_SELFTESTS): the ChaCha20 and
 * HChaCha20 vectors through every usable row and the public functions,
 * then each row against the generic one on the long message
 * (lib/selftest/check.h).
 */
#include "lib/chacha20/chacha20.h"
#include "lib/selftest/check.h"

/* The HChaCha20 vectors through every usable row that has it and through
 * hchacha20(). */
static bool run_hchacha20(char *why, size_t size)
{
	uint8_t out[MAX_MSG];

	for (size_t v = 0; v < ARRAY_SIZE(st_hchacha20); v++) {
		const struct st_hchacha20 *t = &st_hchacha20[v];

		for (size_t i = 0; i < chacha20_nimpls; i++) {
			const struct chacha20_impl *impl = &chacha20_impls[i];

			if (!impl->hchacha20 || !zinc_cpu_have(impl->features))
				continue;
			impl->hchacha20(out, t->nonce.p, t->key.p);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "HChaCha20", t->source);
		}
		hchacha20(out, t->nonce.p, t->key.p);
		if (!same(out, &t->output))
			return fail(why, size, hchacha20_pick()->name, "hchacha20()", t->source);
	}
	return true;
}

bool chacha20_selftest(char *why, size_t size)
{
	static const char long_src[] = "the LONG-byte message against the generic row";
	uint8_t out[MAX_MSG], msg[LONG], want[LONG], got[LONG];
	struct chacha20_ctx ctx;
	struct vote vote = { 0 };

	for (size_t v = 0; v < ARRAY_SIZE(st_chacha20); v++) {
		const struct st_chacha20 *t = &st_chacha20[v];
		const uint32_t next = t->counter + (uint32_t)((t->input.n + 63) / 64);

		if (too_long(&t->input, why, size, t->source))
			return false;
		for (size_t i = 0; i < chacha20_nimpls; i++) {
			const struct chacha20_impl *impl = &chacha20_impls[i];

			if (!zinc_cpu_have(impl->features))
				continue;
			chacha20_init(&ctx, t->key.p, t->nonce.p, t->counter);
			impl->xor_stream(ctx.state, out, t->input.p, t->input.n);
			if (!same(out, &t->output))
				return fail(why, size, impl->name, "ChaCha20 output", t->source);
			if (ctx.state[12] != next)
				return fail(why, size, impl->name, "ChaCha20 block counter after",
					    t->source);
		}
		chacha20_init(&ctx, t->key.p, t->nonce.p, t->counter);
		chacha20(&ctx, out, t->input.p, t->input.n);
		if (!same(out, &t->output))
			return fail(why, size, chacha20_pick(t->input.n)->name,
				    "chacha20() output", t->source);
	}
	if (!run_hchacha20(why, size))
		return false;

	long_message(msg);
	for (size_t i = 0; i < chacha20_nimpls; i++) {
		const struct chacha20_impl *impl = &chacha20_impls[i];
		uint8_t *dst = i ? got : want;

		if (!zinc_cpu_have(impl->features))
			continue;
		chacha20_init(&ctx, st_chacha20[0].key.p, st_chacha20[0].nonce.p, 7);
		impl->xor_stream(ctx.state, dst, msg, LONG);
		vote_add(&vote, impl->name, dst, want, LONG);
	}
	return vote_verdict(&vote, why, size, "ChaCha20", long_src);
}
