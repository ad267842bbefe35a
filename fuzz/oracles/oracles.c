/* SPDX-License-Identifier: MIT */
/* The table of oracle libraries (oracles.h). */
#include "fuzz/oracles/oracles.h"

const struct zinc_oracle *const zinc_oracles[ZINC_NORACLES] = {
	&oracle_libsodium, &oracle_openssl, &oracle_libb2, &oracle_nss, &oracle_boringssl,
};

void oracles_list(FILE *out, const char *notes)
{
	for (unsigned i = 0; i < ZINC_NORACLES; i++) {
		const struct zinc_oracle *o = zinc_oracles[i];

		if (o->off) {
			fprintf(out, "  oracle %s: not built, %s\n", o->name, o->off);
			continue;
		}
		fprintf(out, "  oracle %s: ", o->name);
		o->describe(out);
		fprintf(out, "; has%s%s%s%s%s%s%s%s%s%s%s%s%s\n",
			o->chacha20 ? " chacha20" : "", o->hchacha20 ? " hchacha20" : "",
			o->poly1305 ? " poly1305" : "", o->poly1305_muladd ? " poly1305_muladd" : "",
			o->aead_encrypt ? " aead_encrypt" : "", o->aead_decrypt ? " aead_decrypt" : "",
			o->xaead_encrypt ? " xaead_encrypt" : "",
			o->xaead_decrypt ? " xaead_decrypt" : "", o->blake2s ? " blake2s" : "",
			o->blake2s_chunked ? " blake2s_chunked" : "",
			o->hmac_blake2s ? " hmac_blake2s" : "", o->x25519 ? " x25519" : "",
			o->fe ? " fe" : "");
	}
	fprintf(out, "  oracles: %s\n", notes);
}
