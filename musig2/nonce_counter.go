package musig2

import (
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"github.com/kestrel-crypto/secp256k1"
)

// Counter-based nonce generation, libsecp256k1's
// secp256k1_musig_nonce_gen_counter, for signers without a random source
// they trust, and NonceCounter, which hands out its counter values.

// NonceGenCounter generates a secret and public nonce pair for the signer
// with secret key sk from a counter value instead of 32 random bytes, as
// libsecp256k1's secp256k1_musig_nonce_gen_counter does: it is BIP-327's
// NonceGen for sk's public key, with the secret key given and rand' =
// bytes(8, counter) ‖ bytes(24, 0), so that rand = sk ⊕ hash_MuSig/aux(rand')
// differs for every pair (sk, counter).
//
// The nonce is safe only if sk never generates two nonces with the same
// counter value (libsecp256k1's rule too): take the values from a
// NonceCounter, whose NonceGen method calls this function with a value it
// hands out once. opts may be nil; its SecretKey must be nil or sk and its
// Rand nil; the other fields are NonceGen's. With AggPublicKey the x-only
// aggregate key of the KeyAggContext (after its tweaks), and Msg and ExtraIn
// absent or 32 bytes long (the only lengths libsecp256k1 takes), the result
// is libsecp256k1's.
//
// It returns an error wrapping secp256k1.ErrUninitialized for a nil or zero
// sk (or opts.SecretKey); ErrNonceGenInput for an opts with a Rand or a
// SecretKey other than sk, and for the lengths NonceGen refuses; and ErrSign
// with probability 2⁻²⁵⁵. It is constant time in the secret key and the
// nonce.
func NonceGenCounter(sk *secp256k1.PrivateKey, counter uint64, opts *NonceGenOptions) (*SecNonce, *PubNonce, error) {
	if err := checkNonceGenCounter(sk, opts); err != nil {
		return nil, nil, err
	}
	var o NonceGenOptions
	if opts != nil {
		o = *opts
	}
	o.SecretKey = sk
	var randPrime [32]byte
	binary.BigEndian.PutUint64(randPrime[:8], counter)
	return nonceGen(sk.PublicKey().BytesCompressed(), &o, &randPrime)
}

// checkNonceGenCounter returns NonceGenCounter's errors for its arguments.
func checkNonceGenCounter(sk *secp256k1.PrivateKey, opts *NonceGenOptions) error {
	if err := checkSecretKey(sk); err != nil {
		return err
	}
	if opts == nil {
		return nil
	}
	if opts.SecretKey != nil {
		if err := checkSecretKey(opts.SecretKey); err != nil {
			return err
		}
		if !opts.SecretKey.Equal(sk) {
			return ErrNonceGenInput
		}
	}
	if opts.Rand != nil {
		return ErrNonceGenInput
	}
	return checkNonceGenOptions(opts)
}

// counterExhausted is the next value of an exhausted NonceCounter.
const counterExhausted = math.MaxUint64

// NonceCounter hands out counter values for NonceGenCounter, each value at
// most once, in increasing order.
//
// Counter nonces rest on one rule: a secret key never generates two nonces
// with the same counter value. A NonceCounter enforces it within its own
// life: Next never returns a value twice, also under concurrent calls, and
// copies of a NonceCounter share its state (go vet reports them), so a copy
// cannot hand out a value again. What it cannot see is another
// NonceCounter, so the rest of the rule is the caller's, as it is with
// libsecp256k1:
//
//   - One counter per key. Use a single NonceCounter for a secret key (one
//     counter for several keys is fine).
//   - Restarts. A counter lives in memory: persist it, or the next process
//     starts from the same value again. Give NewNonceCounter a save
//     function that durably records the value it is passed (the first value
//     a new counter may start from) and start the next process's counter
//     from the recorded value. Next calls save before it hands out a value,
//     so no value is used that a restart could hand out again. Restoring a
//     backup or a virtual machine snapshot rewinds the record too.
//   - Devices. The same key on two devices needs disjoint ranges of
//     counter values, such as the device number in the top bits.
//
// The values run from the starting value given to NewNonceCounter up to
// 2⁶⁴ − 2; then Next returns ErrNonceCounterExhausted, for good. (2⁶⁴ − 1 is
// not handed out, so that the value passed to save always fits in a uint64;
// NewNonceCounter(2⁶⁴ − 1) is an exhausted counter.)
//
// The zero value (like a nil *NonceCounter) is not a counter: Next and
// NonceGen return an error wrapping secp256k1.ErrUninitialized for it. A
// zero value that started at 0 would start at 0 again in every process,
// which is the reuse across restarts described above; NewNonceCounter makes
// the starting value explicit.
type NonceCounter struct {
	_  noCopy
	st *counterState
}

// counterState is the content of a NonceCounter.
type counterState struct {
	mu   sync.Mutex // held across save, so that saves are in order
	next uint64     // the next value to hand out; counterExhausted if none
	save func(next uint64) error
}

// NewNonceCounter returns a counter whose first value is next. save, if not
// nil, is called by Next with the value after the one it is about to hand
// out, before it hands that one out; the values passed to save increase
// strictly, and calls to save never overlap. If save returns an error,
// Next hands out nothing and returns an error wrapping it. A nil save keeps
// the counter in memory only (see NonceCounter).
func NewNonceCounter(next uint64, save func(next uint64) error) *NonceCounter {
	return &NonceCounter{st: &counterState{next: next, save: save}}
}

// errNonceCounter is the error for the zero NonceCounter.
var errNonceCounter error = uninitialized("NonceCounter")

// Next returns the counter's next value and advances the counter. It
// returns ErrNonceCounterExhausted after the value 2⁶⁴ − 2, an error
// wrapping the save function's error if it fails, and an error wrapping
// secp256k1.ErrUninitialized for the zero NonceCounter; on an error no
// value is handed out. It is safe for concurrent use.
func (c *NonceCounter) Next() (uint64, error) {
	if c == nil || c.st == nil {
		return 0, errNonceCounter
	}
	st := c.st
	st.mu.Lock()
	defer st.mu.Unlock()
	v := st.next
	if v == counterExhausted {
		return 0, ErrNonceCounterExhausted
	}
	if st.save != nil {
		if err := st.save(v + 1); err != nil {
			return 0, fmt.Errorf("musig2: saving the nonce counter: %w", err)
		}
	}
	st.next = v + 1
	return v, nil
}

// NonceGen generates a nonce pair for the signer with secret key sk with
// NonceGenCounter and the counter's next value. It checks its arguments
// before it takes a value, and returns the errors of NonceGenCounter and of
// Next.
func (c *NonceCounter) NonceGen(sk *secp256k1.PrivateKey, opts *NonceGenOptions) (*SecNonce, *PubNonce, error) {
	if c == nil || c.st == nil {
		return nil, nil, errNonceCounter
	}
	if err := checkNonceGenCounter(sk, opts); err != nil {
		return nil, nil, err
	}
	v, err := c.Next()
	if err != nil {
		return nil, nil, err
	}
	return NonceGenCounter(sk, v, opts)
}
