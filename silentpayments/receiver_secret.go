package silentpayments

import (
	"fmt"

	"github.com/kestrel-crypto/secp256k1"
)

// Secret hygiene of Receiver, as the root package's for PrivateKey: Zero
// wipes it, fmt never prints b_scan or the label tweaks, and encoding/json
// refuses it. The formatting methods have value receivers, so that they
// serve a Receiver value as well as a pointer.

// errReceiverMarshal is Receiver.MarshalJSON's error.
var errReceiverMarshal = fmt.Errorf("silentpayments: a Receiver is not marshalled to JSON: %w", secp256k1.ErrSecretMarshal)

// Zero overwrites the Receiver's secrets, b_scan and the label tweaks
// derived from it, and leaves the zero Receiver, which is no longer a
// receiver: later uses return errors wrapping secp256k1.ErrUninitialized or
// panic. It must not run concurrently with any other use of r. It does not
// reach copies made before: the PrivateKey given to NewReceiver, a copied
// Receiver value, or the Tweaks of FoundOutputs.
func (r *Receiver) Zero() {
	for i := range r.labels {
		r.labels[i].tweak = secp256k1.Scalar{}
	}
	r.scanKey.Zero()
	*r = Receiver{}
}

// String returns a fixed text that holds no secret material.
func (r Receiver) String() string { return "silentpayments.Receiver(REDACTED)" }

// GoString returns a fixed text that holds no secret material, for %#v.
func (r Receiver) GoString() string { return "silentpayments.Receiver{REDACTED}" }

// Format makes every fmt verb (%v, %+v, %s, %x, %d, …) print String's fixed
// text (GoString's for %#v), for a Receiver, a pointer to one, or one in an
// exported field, slice or map. fmt does not call the methods of values in
// unexported struct fields: a type that keeps a Receiver value in one
// implements Format itself.
func (r Receiver) Format(f fmt.State, verb rune) {
	text := r.String()
	if verb == 'v' && f.Flag('#') {
		text = r.GoString()
	}
	fmt.Fprint(f, text)
}

// MarshalJSON returns an error wrapping secp256k1.ErrSecretMarshal: a
// Receiver holds the scan private key.
func (r Receiver) MarshalJSON() ([]byte, error) {
	return nil, errReceiverMarshal
}
