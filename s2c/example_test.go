package s2c_test

import (
	"crypto/rand"
	"crypto/sha256"
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/s2c"
)

// The anti-exfil protocol between a host (a wallet) and a signing device,
// each in its own goroutine, over channels. The device holds the key; the
// host knows the public key, chooses the message and checks the signature.
func Example_antiExfil() {
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	pub := key.PublicKey() // known to the host

	type request struct{ hash, hostCommitment []byte }
	toDevice := make(chan request)
	opening := make(chan *s2c.Opening)
	hostData := make(chan []byte)
	signature := make(chan *ecdsa.Signature)

	// The device: commits to its nonce, then signs with the host's
	// randomness. It keeps no state but the key: it recomputes the nonce.
	go func() {
		req := <-toDevice
		op, err := s2c.SignerCommit(key, req.hash, req.hostCommitment) // step 2
		if err != nil {
			panic(err)
		}
		opening <- op
		rho := <-hostData
		sig, err := s2c.AntiExfilSign(key, req.hash, rho) // step 4
		if err != nil {
			panic(err)
		}
		signature <- sig
	}()

	// The host.
	hash := sha256.Sum256([]byte("pay 1 BTC to Bob"))
	rho := make([]byte, 32)
	if _, err := rand.Read(rho); err != nil { // fresh for every signature
		panic(err)
	}
	commitment, err := s2c.HostCommit(rho) // step 1
	if err != nil {
		panic(err)
	}
	toDevice <- request{hash[:], commitment}
	op := <-opening // the device's nonce is fixed now
	hostData <- rho // step 3: only now is ρ revealed
	sig := <-signature
	if err := s2c.HostVerify(sig, pub, hash[:], rho, op); err != nil { // step 5
		fmt.Println("reject the device's signature:", err)
		return
	}
	fmt.Println("the signature is valid and its nonce includes the host's randomness")
	// Output: the signature is valid and its nonce includes the host's randomness
}

// Sign-to-contract: a signature that commits to 32 bytes of data, which
// whoever has the opening can check.
func ExampleSign() {
	key, err := secp256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	hash := sha256.Sum256([]byte("a transaction"))
	data := sha256.Sum256([]byte("a document to timestamp"))
	sig, op, err := s2c.Sign(key, hash[:], data[:])
	if err != nil {
		panic(err)
	}
	fmt.Println("valid ECDSA signature:", ecdsa.Verify(key.PublicKey(), hash[:], sig))
	enc := op.Bytes() // 33 bytes, kept or sent along
	op2, err := s2c.ParseOpening(enc)
	if err != nil {
		panic(err)
	}
	fmt.Println("commits to the data:", s2c.VerifyCommit(sig, data[:], op2) == nil)
	// Output:
	// valid ECDSA signature: true
	// commits to the data: true
}
