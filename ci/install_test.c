/* SPDX-License-Identifier: MIT */
/*
 * Built by ci/install_test.sh against an installed zinc, the way an
 * application would: cc install_test.c $(pkg-config --cflags --libs zinc).
 * RFC 8439 section 2.8.2 sealed in place as a packet in three buffers, then
 * opened; the flat function must agree. Prints
 * "install_test.c: N passed, M failed".
 */
#include <stdio.h>
#include <string.h>
#include <zinc/chacha20poly1305.h>

static unsigned passed, failed;

static void check(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		fprintf(stderr, "FAILED: %s\n", what);
	}
}

static void unhex(uint8_t *out, const char *hex)
{
	for (unsigned v; sscanf(hex, "%2x", &v) == 1; hex += 2)
		*out++ = (uint8_t)v;
}

int main(void)
{
	static const char msg[] =
		"Ladies and Gentlemen of the class of '99: If I could offer you only one "
		"tip for the future, sunscreen would be it.";
	uint8_t key[32], nonce[12], ad[12], want[130], flat[130];
	uint8_t header[20], body[60], rest[50]; /* 114 bytes of message, then the tag */
	struct iovec iov[3] = { { header, 20 }, { body, 60 }, { rest, 50 } };

	unhex(key, "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f");
	unhex(nonce, "070000004041424344454647");
	unhex(ad, "50515253c0c1c2c3c4c5c6c7");
	unhex(want, "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
		    "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
		    "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
		    "3ff4def08e4b7a9de576d26586cec64b6116"
		    "1ae10b594f09e26a7e902ecbd0600691");

	memcpy(header, msg, 20);
	memcpy(body, msg + 20, 60);
	memcpy(rest, msg + 80, 34);
	check(chacha20poly1305_encrypt_sg_inplace(iov, 3, 114, ad, sizeof(ad), nonce, key),
	      "sg encrypt accepted");
	check(!memcmp(header, want, 20) && !memcmp(body, want + 20, 60) &&
	      !memcmp(rest, want + 80, 50), "sg encrypt = RFC 8439 2.8.2 ciphertext and tag");
	chacha20poly1305_encrypt(flat, (const uint8_t *)msg, 114, ad, sizeof(ad), nonce, key);
	check(!memcmp(flat, want, 130), "flat encrypt = RFC 8439 2.8.2");
	check(chacha20poly1305_decrypt_sg_inplace(iov, 3, 130, ad, sizeof(ad), nonce, key),
	      "sg decrypt accepted");
	check(!memcmp(header, msg, 20) && !memcmp(body, msg + 20, 60) &&
	      !memcmp(rest, msg + 80, 34), "sg decrypt gives the message back");
	rest[49] ^= 1;
	check(!chacha20poly1305_decrypt_sg_inplace(iov, 3, 130, ad, sizeof(ad), nonce, key),
	      "a changed tag rejected");
	printf("install_test.c: %u passed, %u failed\n", passed, failed);
	return failed != 0;
}
