#!/bin/sh
# Regenerates the OpenSSL-made vectors of this directory (README.md says
# what each file is). Each run draws new random keys; the tests read the
# expected values from the key*.txt files that openssl prints here.
set -eu
cd "$(dirname "$0")"
openssl version >openssl-version.txt

# Key 1: openssl ecparam -genkey (an EC PARAMETERS block, then the key),
# and every form openssl converts it to.
openssl ecparam -name secp256k1 -genkey -out key1_ecparam.pem
openssl ec -in key1_ecparam.pem -text -noout >key1.txt
openssl ec -in key1_ecparam.pem -out key1_sec1.pem
openssl ec -in key1_ecparam.pem -outform DER -out key1_sec1.der
openssl ec -in key1_ecparam.pem -conv_form compressed -out key1_sec1_compressed.pem
openssl ec -in key1_ecparam.pem -no_public -out key1_sec1_nopublic.pem
openssl ec -in key1_ecparam.pem -param_enc explicit -out key1_sec1_explicit.pem
openssl ec -in key1_ecparam.pem -aes256 -passout pass:kestrel -out key1_sec1_encrypted.pem
openssl pkey -in key1_ecparam.pem -out key1_pkcs8.pem
# (openssl pkey -outform DER writes SEC 1 for an EC key; pkcs8 -topk8 writes PKCS #8.)
openssl pkcs8 -topk8 -nocrypt -in key1_ecparam.pem -outform DER -out key1_pkcs8.der
openssl pkcs8 -topk8 -in key1_ecparam.pem -v2 aes-256-cbc -passout pass:kestrel -out key1_pkcs8_encrypted.pem
openssl ec -in key1_ecparam.pem -pubout -out key1_spki.pem
openssl ec -in key1_ecparam.pem -pubout -outform DER -out key1_spki.der
openssl ec -in key1_ecparam.pem -pubout -conv_form compressed -outform DER -out key1_spki_compressed.der
openssl ec -in key1_ecparam.pem -pubout -conv_form hybrid -out key1_spki_hybrid.pem
openssl ec -in key1_ecparam.pem -pubout -param_enc explicit -out key1_spki_explicit.pem
printf 'kestrel keyfmt: a message signed by openssl\n' >key1_msg.txt
openssl dgst -sha256 -sign key1_ecparam.pem -out key1_msg.sig key1_msg.txt

# Key 2: openssl genpkey (PKCS #8).
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp256k1 -out key2_genpkey.pem
openssl pkey -in key2_genpkey.pem -text -noout >key2.txt

# Key 3: openssl ecparam -genkey -noout (SEC 1 without the EC PARAMETERS block).
openssl ecparam -name secp256k1 -genkey -noout -out key3_ecparam_noout.pem
openssl ec -in key3_ecparam_noout.pem -text -noout >key3.txt

# A key of another curve (P-256), which must be rejected.
openssl ecparam -name prime256v1 -genkey -noout -out p256_sec1.pem
openssl pkey -in p256_sec1.pem -out p256_pkcs8.pem
openssl pkey -in p256_sec1.pem -pubout -out p256_spki.pem
