package bip322_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip322"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

func Example() {
	// A wallet key and its native segwit address.
	seed := sha256.Sum256([]byte("example key"))
	k, err := secp256k1.NewPrivateKey(seed[:])
	if err != nil {
		panic(err)
	}
	addr, _ := btcaddr.NewP2WPKH(k.PublicKey(), btcaddr.Mainnet)

	// Sign picks BIP-322's simple format for a P2WPKH address; the ECDSA
	// signature inside is deterministic.
	msg := []byte("I control this address")
	sig, err := bip322.Sign(k, addr, msg)
	if err != nil {
		panic(err)
	}
	fmt.Println(addr)
	fmt.Println(sig)

	// The verifier knows only the address, the message and the signature.
	res, err := bip322.Verify(addr, msg, sig)
	fmt.Println(res.Format, err)
	_, err = bip322.Verify(addr, []byte("another message"), sig)
	fmt.Println(errors.Is(err, bip322.ErrInvalid))
	// Output:
	// bc1qjgvs520q5vdfzhlvm7h4zh8eurpqwfaz3snwqa
	// smpAkcwRAIgZrbS4CSzoMoWsqodYw4iWzCXHmWkrM2aIvElgIVnoe4CIGHt/QLXH7rvNbZ78T679IrvDP+I89/AEaWt4mV4Nca4ASEDIZfHB2OTCGL17ySwv0hmRSQqG1hT0sgO6X5TK0xNN0w=
	// simple <nil>
	// true
}

// Verifying a signature of BIP-322's test vectors (basic-test-vectors.json).
func ExampleVerify() {
	addr, err := btcaddr.Parse("bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l")
	if err != nil {
		panic(err)
	}
	sig := "smpAkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI="
	res, err := bip322.Verify(addr, []byte("Hello World"), sig)
	fmt.Println(res.Format, err)

	// A P2WSH multisig signature needs a script interpreter: inconclusive.
	wsh, _ := btcaddr.Parse("bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9")
	msig := "smpBQBHMEQCIFX9aaqPJWq2Ff2kpen5bFDTid+ehgUOpHV0LfjncXy4AiA3GNicF7aKPzdpa9PCpmaYQs3pHd+qbvvhXdxOCKCAMAFIMEUCIQD/ELXg6CNYyUQijCg96JtgvgjZb9dsl1Ctof4QAeyTcQIgVM/1AAblFl/DCt6A1gJg+T/i2qU5SQD09+chFJzolRwBSDBFAiEAlqRfSFyWNVQhvaCnmeV5tyneiCWMTcFbuujoD/pFa3wCIGnZjfQb8NolSYq9asV+ZeBSkCGHJcqnaV4JYS5MYPEGAWlTIQJ1aLEfEi/4p7wcV+XHZCBVvGGJZ7L3v+jhH+mZA8lN0yECCovfec+kIdllXpKCgA8RX/HZ2x5yHOtCSKP8/sf6pnwhAwxSng6kCgCXXSAmJOOZFdr3vdK3HzGqCFloOHgc5fM6U64="
	_, err = bip322.Verify(wsh, []byte("This will be a p2wsh 3-of-3 multisig BIP 322 signed message"), msig)
	fmt.Println(errors.Is(err, bip322.ErrInvalid), errors.Is(err, bip322.ErrUnsupported))
	// Output:
	// simple <nil>
	// false true
}

// A full signature may set a lock time and a sequence: it is valid from
// that time and age on (generated-test-vectors.json).
func ExampleVerify_timeLock() {
	addr, _ := btcaddr.Parse("bc1qrqtlzcq86850yzgsyq9sssawx2qxlx5yq3xpkd")
	sig := "fulAgAAAAABAUrfzHHOLAKmgCIFSTT3krp+cQxj1BDPBN4GBg3tRmFXAAAAAADgBwAAAQAAAAAAAAAAAWoCSDBFAiEAjYj85zyhQKa9DbMO0reDwdhkNwKJkF3q2qFcijXDgMUCIAaQ75s3fwqrCeYIUJugLvhxZFxQIVquGN90vIKCW3QLASEDMurnDzvc0zABUwVwCADfGXoDx/M3SQnYt7e3IHDoU3PgBwAA"
	res, err := bip322.Verify(addr, []byte("KLE5MMJBTNF4AVZXIO3GIL5UWF"), sig)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%v, valid at time %d and age %d\n", res.Format, res.LockTime, res.Sequence)
	// Output: full, valid at time 2016 and age 2016
}

// Bitcoin Core's signmessage format, for a P2PKH address, and BIP-137's
// header for a P2WPKH one.
func ExampleSignLegacy() {
	seed := sha256.Sum256([]byte("example key"))
	k, _ := secp256k1.NewPrivateKey(seed[:])
	p2pkh, _ := btcaddr.NewP2PKH(k.PublicKey(), true, btcaddr.Mainnet)
	p2wpkh, _ := btcaddr.NewP2WPKH(k.PublicKey(), btcaddr.Mainnet)
	msg := []byte("hello")
	for _, addr := range []*btcaddr.Address{p2pkh, p2wpkh} {
		sig, err := bip322.SignLegacy(k, addr, msg)
		if err != nil {
			panic(err)
		}
		fmt.Println(addr, sig, bip322.VerifyLegacy(addr, msg, sig))
	}
	// Output:
	// 1EKVeoBRZyWkUMGMAjyamEkEtyVQBMFTBM ICEVSX/O/0OAgKfMFxsSxr6lj+Z/6M6SRO9lcrFv+j1tThE3qDgJK29J+6+FNmr1pplaDeqPxLdjxWvGJ90fVxA= <nil>
	// bc1qjgvs520q5vdfzhlvm7h4zh8eurpqwfaz3snwqa KCEVSX/O/0OAgKfMFxsSxr6lj+Z/6M6SRO9lcrFv+j1tThE3qDgJK29J+6+FNmr1pplaDeqPxLdjxWvGJ90fVxA= <nil>
}
