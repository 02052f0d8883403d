package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/internal/field"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

const (
	exitOK      = 0
	exitInvalid = 1 // a signature that does not verify
	exitUsage   = 2 // bad usage or input
)

const usage = `usage: secp256k1 <command> [flags] [arguments]

Arguments are hex, with or without 0x (except a choice such as a role,
and the text arguments of hd and message); a private key may also be a WIF.
"-" reads an argument from standard input. Flags go before the arguments;
each command takes only its own. -json prints one JSON object, and an
error as {"error": "..."} as well as on standard error.
Exit status: 0 ok, 1 invalid signature, 2 usage or input error.

commands:
  keygen                               new private key (and its public key)
  pubkey <seckey>                      public key of a private key
  sign <seckey> <hash>                 ECDSA signature (RFC 6979, low-S)
  verify <pubkey> <hash> <signature>   check an ECDSA signature (DER or compact)
  recover <hash> <signature65>         public key from r||s||v
  ecdh <seckey> <pubkey>               shared secret: SHA-256 of the compressed shared point
  schnorr-sign <seckey> <msg> [aux]    BIP-340 signature of a message of any length
                                       (-xonly adds the key that schnorr-verify takes)
  schnorr-verify <xonly> <msg> <sig>   check a BIP-340 signature
  ellswift-create <seckey> [aux]       64-byte ElligatorSwift encoding of a key's public key (BIP-324)
  ellswift-encode <pubkey> [rnd]       64-byte ElligatorSwift encoding of a public key
  ellswift-decode <ellswift64>         public key of an ElligatorSwift encoding
  ellswift-xdh <seckey> <ours64> <theirs64> <initiator|responder>
                                       BIP-324 shared secret of two ElligatorSwift encodings
  address <pubkey|seckey|wif> [p2pkh|p2wpkh|p2sh-p2wpkh|p2tr]
                                       a key's Bitcoin addresses, or the one of a type
  hd derive <seed|xprv|xpub> <path>    BIP-32 extended key at a path (text arguments: see hd -h)
  hd neuter <xprv>                     BIP-32 extended public key of an extended private key
  message sign <seckey> <address> <message>
                                       sign a message for a Bitcoin address (BIP-322; legacy for P2PKH)
  message verify <address> <message> <signature>
                                       check a BIP-322 or legacy message signature
  halfagg aggregate [file]             half-aggregate BIP-340 signatures, lines "pubkey message signature"
  halfagg verify <aggregate|@file> [file]
                                       check a half-aggregate against lines "pubkey message"
  bench [main|internal|ecmult|all] [-format table|benchstat]
                                       time the library (libsecp256k1's bench table format)
  version, --version                   module and Go version, platform, field arithmetic

Run "secp256k1 <command> -h" or "secp256k1 help <command>" for a command's
arguments and flags.
`

// command is one subcommand: its flags, positional arguments and action.
//
// args names the positional arguments: "<x>" is required, "[x]" optional.
// Each is hex, except a choice "<a|b>", which must be one of the words a, b;
// a <seckey> may also be a WIF, and anyKey any key.
type command struct {
	name, args, help string
	flags            []string   // the flags it takes, by their names in flagDefs
	conflicts        []conflict // pairs of its flags that have no meaning together
	run              func(c *context) (output, error)
}

// conflict is two flags of a command that cannot be given together, and why.
type conflict struct{ a, b, why string }

// options holds the values of the flags.
type options struct {
	json, uncompressed, recoverable, xonly, testnet bool
	format                                          string
}

// flagDefs declares every flag of the commands. Each command takes those its
// flags field names; execute parses all of them, so that a flag given to a
// command that does not take it is named in the error.
var flagDefs = []struct {
	name   string
	define func(fs *flag.FlagSet, o *options)
}{
	{"json", func(fs *flag.FlagSet, o *options) { fs.BoolVar(&o.json, "json", false, "print JSON") }},
	{"uncompressed", func(fs *flag.FlagSet, o *options) {
		fs.BoolVar(&o.uncompressed, "uncompressed", false, "print public keys as 65-byte uncompressed")
	}},
	{"format", func(fs *flag.FlagSet, o *options) {
		fs.StringVar(&o.format, "format", "der", "signature encoding: der or compact")
	}},
	{"recoverable", func(fs *flag.FlagSet, o *options) {
		fs.BoolVar(&o.recoverable, "recoverable", false, "print the 65-byte r||s||v for recover")
	}},
	{"xonly", func(fs *flag.FlagSet, o *options) {
		fs.BoolVar(&o.xonly, "xonly", false, "print the 32-byte x-only public key that schnorr-verify takes")
	}},
	{"testnet", func(fs *flag.FlagSet, o *options) {
		fs.BoolVar(&o.testnet, "testnet", false, "the test networks' addresses (tb1…, m…, n…, 2…); a WIF says its own network")
	}},
}

// context is what a command's action sees.
type context struct {
	opts   options
	args   [][]byte  // the positional arguments: hex decoded, a WIF as its key, a choice as its word
	wifs   []*wifKey // for each argument given as a WIF what it says, else nil
	labels []string  // what the messages call each argument (argLabel)
}

// anyKey is the argument of address: a public key, a private key or a WIF.
const anyKey = "<pubkey|seckey|wif>"

// choices returns the words a choice argument "<a|b>" accepts, or nil for a
// hex argument.
func choices(arg string) []string {
	if !strings.Contains(arg, "|") || arg == anyKey {
		return nil
	}
	return strings.Split(strings.Trim(arg, "<>[]"), "|")
}

var commands = []command{
	{name: "keygen", flags: []string{"json", "uncompressed"}, help: "Generates a private key from crypto/rand and prints it with its public key.",
		run: func(c *context) (output, error) {
			k, err := secp256k1.GeneratePrivateKey()
			if err != nil {
				return nil, err
			}
			return &result{Seckey: k.Bytes(), Pubkey: c.pubBytes(k.PublicKey())}, nil
		}},
	{name: "pubkey", args: "<seckey>", flags: []string{"json", "uncompressed", "xonly"}, help: `Prints the public key: 33-byte compressed, or 65-byte uncompressed with
-uncompressed or for a WIF of an uncompressed key; with -xonly the 32-byte
x-only key of BIP-340 (schnorr-verify's).`,
		conflicts: []conflict{{"uncompressed", "xonly", "an x-only key is 32 bytes"}},
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			if c.opts.xonly {
				return &result{XOnly: schnorr.SerializePublicKey(k.PublicKey())}, nil
			}
			if w := c.wifs[0]; w != nil && !w.compressed {
				c.opts.uncompressed = true
			}
			return &result{Pubkey: c.pubBytes(k.PublicKey())}, nil
		}},
	{name: "sign", args: "<seckey> <hash>", help: `Signs a hash (its leftmost 32 bytes) with ECDSA, RFC 6979, low-S. A hash
shorter than 16 bytes, more likely an empty or cut shell variable, is an
error, here and in verify and recover.`,
		flags:     []string{"json", "format", "recoverable"},
		conflicts: []conflict{{"format", "recoverable", "a recoverable signature is always the 65-byte r||s||v"}},
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			if err := c.checkHash(1); err != nil {
				return nil, err
			}
			if c.opts.recoverable {
				sig, err := ecdsa.SignRecoverable(k, c.args[1])
				if err != nil {
					return nil, err
				}
				return &result{Signature: sig}, nil
			}
			sig, err := ecdsa.Sign(k, c.args[1])
			if err != nil {
				return nil, err
			}
			switch c.opts.format {
			case "der":
				return &result{Signature: sig.DER()}, nil
			case "compact":
				return &result{Signature: sig.Compact()}, nil
			}
			return nil, fmt.Errorf("unknown -format %q (want der or compact)", c.opts.format)
		}},
	{name: "verify", args: "<pubkey> <hash> <signature>", flags: []string{"json"}, help: `Verifies an ECDSA signature, DER or 64-byte compact. A high-S signature
is invalid, as in libsecp256k1: it prints false, and a line on standard
error says whether its low-S form verifies.`,
		run: func(c *context) (output, error) {
			pub, err := c.publicKey(0)
			if err != nil {
				return nil, err
			}
			if err := c.checkHash(1); err != nil {
				return nil, err
			}
			var sig *ecdsa.Signature
			if len(c.args[2]) == 64 {
				sig, err = ecdsa.ParseCompactSignature(c.args[2])
			} else {
				sig, err = ecdsa.ParseDERSignature(c.args[2])
			}
			if err != nil {
				return nil, c.explain(2, err)
			}
			res := verdict(ecdsa.Verify(pub, c.args[1], sig))
			if !*res.Valid && !sig.IsLowS() {
				res.hint = highSHint(pub, c.args[1], sig, len(c.args[2]) == 64)
			}
			return res, nil
		}},
	{name: "recover", args: "<hash> <signature65>", flags: []string{"json", "uncompressed"}, help: `Recovers the public key from a 65-byte r||s||v signature (v in 0..3), as
libsecp256k1 does (high-S accepted). A well-formed signature that no key
recovers from exits 1.`,
		run: func(c *context) (output, error) {
			if err := c.checkHash(0); err != nil {
				return nil, err
			}
			pub, err := ecdsa.RecoverPublicKey(c.args[0], c.args[1])
			if err != nil {
				return nil, c.explain(1, err)
			}
			return &result{Pubkey: c.pubBytes(pub)}, nil
		}},
	{name: "ecdh", args: "<seckey> <pubkey>", flags: []string{"json"}, help: "Prints SHA-256 of the compressed shared point (libsecp256k1's default).",
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			pub, err := c.publicKey(1)
			if err != nil {
				return nil, err
			}
			return &result{Secret: ecdh.SharedSecret(k, pub)}, nil
		}},
	{name: "schnorr-sign", args: "<seckey> <msg> [aux]", flags: []string{"json", "xonly"}, help: `Signs a message of any length with BIP-340 (aux: 32 bytes, default
crypto/rand) and prints the 64-byte signature, the argument schnorr-verify
takes; -xonly prints the signer's x-only key on a second line, and -json
prints both.`,
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			sig, err := schnorr.Sign(k, c.args[1], c.optional(2))
			if err != nil {
				return nil, c.explain(2, err)
			}
			res := &result{Signature: sig}
			if c.opts.xonly || c.opts.json {
				res.XOnly = schnorr.SerializePublicKey(k.PublicKey())
			}
			return res, nil
		}},
	{name: "schnorr-verify", args: "<xonly> <msg> <sig>", flags: []string{"json"}, help: "Verifies a BIP-340 signature with a 32-byte x-only key.",
		run: func(c *context) (output, error) {
			pub, err := schnorr.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, c.explain(0, err)
			}
			if len(c.args[2]) != 64 {
				return nil, c.explain(2, schnorr.ErrSignatureLength)
			}
			return verdict(schnorr.Verify(pub, c.args[1], c.args[2])), nil
		}},
	{name: "ellswift-create", args: "<seckey> [aux]", flags: []string{"json"}, help: `Prints a 64-byte ElligatorSwift encoding (BIP-324) of the private key's
public key, made as libsecp256k1's secp256k1_ellswift_create makes it: the
same key and aux give the same encoding. aux is 32 bytes, by default from
crypto/rand; an encoding looks random only if aux is fresh and secret.`,
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			enc, err := ellswift.Create(k, c.optional(1))
			if err != nil {
				return nil, c.explain(1, err)
			}
			return &result{ELLSwift: enc}, nil
		}},
	{name: "ellswift-encode", args: "<pubkey> [rnd]", flags: []string{"json"}, help: `Prints a 64-byte ElligatorSwift encoding (BIP-324) of a public key, made as
libsecp256k1's secp256k1_ellswift_encode makes it. rnd is 32 bytes, by
default from crypto/rand; an encoding looks random only if rnd is fresh and
secret and the key is random too.`,
		run: func(c *context) (output, error) {
			pub, err := c.publicKey(0)
			if err != nil {
				return nil, err
			}
			rnd := c.optional(1)
			if rnd == nil {
				rnd = make([]byte, 32)
				if _, err := rand.Read(rnd); err != nil {
					return nil, err
				}
			}
			enc, err := ellswift.Encode(pub, rnd)
			if err != nil {
				return nil, c.explain(1, err)
			}
			return &result{ELLSwift: enc}, nil
		}},
	{name: "ellswift-decode", args: "<ellswift64>", flags: []string{"json", "uncompressed"}, help: `Prints the public key that a 64-byte ElligatorSwift encoding (BIP-324)
decodes to; every 64-byte string decodes.`,
		run: func(c *context) (output, error) {
			pub, err := ellswift.Decode(c.args[0])
			if err != nil {
				return nil, c.explain(0, err)
			}
			return &result{Pubkey: c.pubBytes(pub)}, nil
		}},
	{name: "ellswift-xdh", args: "<seckey> <ours64> <theirs64> <initiator|responder>", flags: []string{"json"}, help: `Prints the 32-byte BIP-324 shared secret (libsecp256k1's
secp256k1_ellswift_xdh with the BIP-324 hash). ours64 is the ElligatorSwift
encoding of seckey's public key (from ellswift-create), theirs64 the peer's;
the last argument says which side seckey is on. Both sides get the same
secret: the initiator runs
  ellswift-xdh <initiator seckey> <initiator ell64> <responder ell64> initiator
and the responder
  ellswift-xdh <responder seckey> <responder ell64> <initiator ell64> responder`,
		run: func(c *context) (output, error) {
			k, err := c.privateKey(0)
			if err != nil {
				return nil, err
			}
			ours, theirs, initiating := c.args[1], c.args[2], string(c.args[3]) == "initiator"
			pub, err := ellswift.Decode(ours)
			if err != nil {
				return nil, c.explain(1, err)
			}
			if _, err := ellswift.Decode(theirs); err != nil {
				return nil, c.explain(2, err)
			}
			// XDH does not look at our own encoding beyond hashing it, so a
			// swapped pair would give a wrong secret without an error;
			// catch that here. x only: XDH only uses the x coordinate.
			if !bytes.Equal(pub.BytesCompressed()[1:], k.PublicKey().BytesCompressed()[1:]) {
				return nil, errors.New("<ours64> does not encode the public key of <seckey> (are <ours64> and <theirs64> swapped?)")
			}
			ellA, ellB := ours, theirs // the initiator's encoding comes first
			if !initiating {
				ellA, ellB = theirs, ours
			}
			secret, err := ellswift.XDH(ellA, ellB, k, initiating)
			if err != nil {
				return nil, err
			}
			return &result{Secret: secret}, nil
		}},
	{name: "address", args: anyKey + " [p2pkh|p2wpkh|p2sh-p2wpkh|p2tr]", flags: []string{"json", "testnet"}, help: `Prints the Bitcoin addresses of a key, each after its type, or the address
of the type given alone. The key is a public key (33 or 65 bytes of hex), a
private key (32 bytes of hex) or a WIF. P2PKH hashes the public key as it is
given: compressed, or uncompressed for a 65-byte key or a WIF of an
uncompressed key; P2WPKH and P2SH-P2WPKH hash the compressed key, and P2TR
is BIP-86's key-path output, as single-key wallets make them. The network
is mainnet, or a WIF's own, or the test networks' with -testnet.`,
		run: runAddress},
	{name: "version", flags: []string{"json"}, help: `Prints the version of the module, the Go version and platform it was built
with, and the field arithmetic in use (as bench prints it on standard error).`,
		run: func(c *context) (output, error) {
			v := "(devel)"
			if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
				v = info.Main.Version
			}
			return &versionInfo{Version: v, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH, Backend: field.Backend()}, nil
		}},
}

// versionInfo is the output of the version command.
type versionInfo struct {
	Version string `json:"version"` // the module's, or "(devel)"
	Go      string `json:"go"`
	OS      string `json:"os"`
	Arch    string `json:"arch"`
	Backend string `json:"backend"` // the field arithmetic
}

func (v *versionInfo) text(w io.Writer) {
	fprintf(w, "secp256k1 %s %s %s/%s\nfield arithmetic: %s\n", v.Version, v.Go, v.OS, v.Arch, v.Backend)
}

// argLabels are what the messages call the arguments, by their names in
// command.args.
var argLabels = map[string]string{
	"seckey": "private key", "pubkey": "public key", "xonly": "x-only public key", "pubkey|seckey|wif": "key",
	"hash": "hash", "msg": "message", "aux": "aux", "rnd": "rnd",
	"signature": "signature", "signature65": "signature", "sig": "signature",
	"ellswift64": "ElligatorSwift encoding",
}

// argLabel is what the messages call the argument written arg in
// command.args: its label, or arg itself ("<ours64>").
func argLabel(arg string) string {
	if l, ok := argLabels[strings.Trim(arg, "<>[]")]; ok {
		return l
	}
	return arg
}

// privateKey parses argument i as a private key.
func (c *context) privateKey(i int) (*secp256k1.PrivateKey, error) {
	k, err := secp256k1.NewPrivateKey(c.args[i])
	return k, c.explain(i, err)
}

// publicKey parses argument i as a SEC 1 public key.
func (c *context) publicKey(i int) (*secp256k1.PublicKey, error) {
	pub, err := secp256k1.ParsePublicKey(c.args[i])
	return pub, c.explain(i, err)
}

// checkHash returns an error if argument i, the hash that ECDSA signs, is
// shorter than 16 bytes. The library takes a hash of any length (its
// leftmost 32 bytes, zero-padded); the command refuses what is more likely
// an empty or cut shell variable than a hash.
func (c *context) checkHash(i int) error {
	if n := len(c.args[i]); n < minHashLen {
		return fmt.Errorf("%s: want at least %d bytes (a digest, such as SHA-256's 32), got %s", c.labels[i], minHashLen, byteCount(n))
	}
	return nil
}

// minHashLen is the shortest hash that sign, verify and recover take.
const minHashLen = 16

// optional returns the optional argument i, or nil if it is not given (an
// empty argument is not nil).
func (c *context) optional(i int) []byte {
	if i >= len(c.args) {
		return nil
	}
	return append([]byte{}, c.args[i]...)
}

// explain is explainInput for argument i.
func (c *context) explain(i int, err error) error {
	return explainInput(c.labels[i], c.args[i], err)
}

// explainInput turns err, the library's error for the input b of the
// argument called label, into the reason b is malformed; or, for a
// well-formed signature that no public key recovers from, into an error
// that wraps errInvalidSignature and says why. It returns nil for nil, and
// an error it does not know as it is.
func explainInput(label string, b []byte, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, secp256k1.ErrPrivateKey):
		if len(b) != 32 {
			return wrongLength(label, b, 32)
		}
		if overflows(b) {
			return fmt.Errorf("%s: not less than the group order n", label)
		}
		return fmt.Errorf("%s: zero", label)
	case errors.Is(err, secp256k1.ErrPointEncoding):
		switch {
		case len(b) != 33 && len(b) != 65:
			return fmt.Errorf("%s: want 33 bytes (compressed) or 65 bytes (uncompressed), got %s", label, byteCount(len(b)))
		case len(b) == 33 && b[0] != 2 && b[0] != 3:
			return fmt.Errorf("%s: a 33-byte key starts with 02 or 03, not %02x", label, b[0])
		case len(b) == 65 && b[0] != 4 && b[0] != 6 && b[0] != 7:
			return fmt.Errorf("%s: a 65-byte key starts with 04 (or 06, 07: hybrid), not %02x", label, b[0])
		}
		if len(b) == 33 {
			return fmt.Errorf("%s: x is not less than the field prime p", label)
		}
		return fmt.Errorf("%s: x or y is not less than the field prime p", label)
	case errors.Is(err, secp256k1.ErrPointNotOnCurve):
		if len(b) == 65 && b[0] != 4 {
			if _, err := secp256k1.ParsePublicKey(append([]byte{4}, b[1:]...)); err == nil {
				return fmt.Errorf("%s: the hybrid prefix %02x does not match the parity of y", label, b[0])
			}
		}
		return fmt.Errorf("%s: not on the curve", label)
	case errors.Is(err, schnorr.ErrPublicKey):
		if len(b) != 32 {
			return wrongLength(label, b, 32)
		}
		if _, err := secp256k1.NewIdentityPoint().SetXOnlyBytes(b); errors.Is(err, secp256k1.ErrPointNotOnCurve) {
			return fmt.Errorf("%s: not on the curve (no point has this x)", label)
		}
		return fmt.Errorf("%s: not less than the field prime p", label)
	case errors.Is(err, ecdsa.ErrDER):
		if len(b) == 65 {
			return fmt.Errorf("%s: neither 64-byte compact nor strict DER (BIP-66); a 65-byte r||s||v is for recover", label)
		}
		return fmt.Errorf("%s: neither 64-byte compact nor strict DER (BIP-66)", label)
	case errors.Is(err, ecdsa.ErrOverflow):
		r, s := derValues(b)
		return overflowing(label, r, s, err)
	case errors.Is(err, ecdsa.ErrCompact):
		if len(b) != 64 {
			return wrongLength(label, b, 64)
		}
		return overflowing(label, b[:32], b[32:], err)
	case errors.Is(err, ecdsa.ErrRecover):
		return explainRecover(label, b, err)
	case errors.Is(err, schnorr.ErrAuxRand), errors.Is(err, ellswift.ErrRandomness):
		return wrongLength(label, b, 32)
	case errors.Is(err, schnorr.ErrSignatureLength), errors.Is(err, ellswift.ErrEncodingLength):
		return wrongLength(label, b, 64)
	}
	return err
}

// explainRecover says why no public key recovers from the 65-byte r||s||v
// signature b: the reason it is malformed, or the reason a well-formed
// signature is invalid (wrapping errInvalidSignature).
func explainRecover(label string, b []byte, err error) error {
	if len(b) != 65 {
		return wrongLength(label, b, 65)
	}
	if v := b[64]; v > 3 {
		return fmt.Errorf("recovery id: want 0–3, got %d", v)
	}
	if e := overflowing(label, b[:32], b[32:64], nil); e != nil {
		return e
	}
	zero := make([]byte, 32)
	switch {
	case bytes.Equal(b[:32], zero):
		return fmt.Errorf("%w: r is zero", errInvalidSignature)
	case bytes.Equal(b[32:64], zero):
		return fmt.Errorf("%w: s is zero", errInvalidSignature)
	case b[64] >= 2:
		return fmt.Errorf("%w: recovery id %d takes x = r + n, and no point of the curve has that x", errInvalidSignature, b[64])
	}
	if _, e := secp256k1.ParsePublicKey(append([]byte{2}, b[:32]...)); errors.Is(e, secp256k1.ErrPointNotOnCurve) {
		return fmt.Errorf("%w: no point of the curve has x = r", errInvalidSignature)
	}
	return fmt.Errorf("%w: %v", errInvalidSignature, err)
}

// wrongLength is the error for input b of the argument called label that
// is not want bytes long.
func wrongLength(label string, b []byte, want int) error {
	return fmt.Errorf("%s: want %s (%d hex digits), got %s", label, byteCount(want), 2*want, byteCount(len(b)))
}

func byteCount(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// overflowing returns the error for the first of a signature's big-endian
// values r and s that is not less than the group order n, or otherwise.
func overflowing(label string, r, s []byte, otherwise error) error {
	for _, v := range []struct {
		name string
		b    []byte
	}{{"r", r}, {"s", s}} {
		if overflows(v.b) {
			return fmt.Errorf("%s %s is not less than the group order n", label, v.name)
		}
	}
	return otherwise
}

// overflows reports whether the big-endian value b is not less than the
// group order n.
func overflows(b []byte) bool {
	b = bytes.TrimLeft(b, "\x00")
	if len(b) > 32 {
		return true
	}
	var buf [32]byte
	copy(buf[32-len(b):], b)
	_, err := new(secp256k1.Scalar).SetCanonicalBytes(buf[:])
	return errors.Is(err, secp256k1.ErrScalarOverflow)
}

// derValues returns the contents of the two integers of the DER signature
// b (30 len 02 lenR r 02 lenS s), or nil where b is too short to hold them.
func derValues(b []byte) (r, s []byte) {
	if len(b) < 4 {
		return nil, nil
	}
	rEnd := 4 + int(b[3])
	if rEnd+2 > len(b) {
		return nil, nil
	}
	sEnd := rEnd + 2 + int(b[rEnd+1])
	if sEnd > len(b) {
		return b[4:rEnd], nil
	}
	return b[4:rEnd], b[rEnd+2 : sEnd]
}

// errInvalidSignature marks the error of a well-formed signature that is
// not valid: exit status 1, not 2.
var errInvalidSignature = errors.New("invalid signature")

// output is what a command prints: with -json its JSON encoding (one object
// on one line), or else its text.
type output interface {
	text(w io.Writer)
}

// result is the output of the key and signature commands: the values they
// make, hex in text and JSON, and for the verify commands the verdict, a JSON
// boolean. Only the fields a command sets are printed, in this order, one
// per line as text.
type result struct {
	Seckey    hexBytes `json:"seckey,omitempty"`
	Pubkey    hexBytes `json:"pubkey,omitempty"`
	ELLSwift  hexBytes `json:"ellswift,omitempty"`
	Signature hexBytes `json:"signature,omitempty"`
	XOnly     hexBytes `json:"xonly,omitempty"`
	Secret    hexBytes `json:"secret,omitempty"`
	Valid     *bool    `json:"valid,omitempty"`

	hint string // a line for standard error, after the output
}

func (r *result) text(w io.Writer) {
	for _, b := range []hexBytes{r.Seckey, r.Pubkey, r.ELLSwift, r.Signature, r.XOnly, r.Secret} {
		if b != nil {
			fprintf(w, "%x\n", []byte(b))
		}
	}
	if r.Valid != nil {
		fprintf(w, "%t\n", *r.Valid)
	}
}

// hexBytes is bytes that encoding/json writes as a hex string.
type hexBytes []byte

func (b hexBytes) MarshalText() ([]byte, error) {
	return hex.AppendEncode(nil, b), nil
}

// verdict is the result of a verify command.
func verdict(ok bool) *result {
	return &result{Valid: &ok}
}

// highSHint explains why the high-S ECDSA signature sig does not verify,
// and says whether its low-S form does, printing that form (compact or DER,
// as sig was given) if it does.
func highSHint(pub *secp256k1.PublicKey, hash []byte, sig *ecdsa.Signature, compact bool) string {
	const why = "the signature is high-S (s > n/2), which libsecp256k1 rejects"
	low := sig.Normalize()
	if !ecdsa.Verify(pub, hash, low) {
		return why + "; its low-S form (r, n - s) does not verify either"
	}
	enc := low.DER()
	if compact {
		enc = low.Compact()
	}
	return fmt.Sprintf("%s; its low-S form (r, n - s) verifies: %x", why, enc)
}

// pubBytes is the encoding of p that the command prints: compressed, or
// uncompressed with -uncompressed.
func (c *context) pubBytes(p *secp256k1.PublicKey) []byte {
	if c.opts.uncompressed {
		return p.BytesUncompressed()
	}
	return p.BytesCompressed()
}

// newFlagSet returns a flag set for the command that stores in o, with
// every flag of flagDefs if all is set and the command's own flags
// otherwise. It prints nothing: execute reports errors in one line and usage
// prints the help.
func (cmd *command) newFlagSet(o *options, all bool) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	for _, f := range flagDefs {
		if all || slices.Contains(cmd.flags, f.name) {
			f.define(fs, o)
		}
	}
	return fs
}

// checkFlags returns an error naming the first flag set in fs that the
// command does not take, or the first of its conflicts that fs sets both
// flags of.
func (cmd *command) checkFlags(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, f := range flagDefs {
		if set[f.name] && !slices.Contains(cmd.flags, f.name) {
			return fmt.Errorf("-%s is not a flag of %s, which takes %s", f.name, cmd.name, cmd.flagList())
		}
	}
	for _, c := range cmd.conflicts {
		if set[c.a] && set[c.b] {
			return fmt.Errorf("-%s has no meaning with -%s: %s", c.a, c.b, c.why)
		}
	}
	return nil
}

// flagList is the command's flags as they are written: "-json -uncompressed".
func (cmd *command) flagList() string {
	if len(cmd.flags) == 0 {
		return "no flags"
	}
	return "-" + strings.Join(cmd.flags, " -")
}

// usage prints the command's help: its arguments, what it does and its flags.
func (cmd *command) usage(w io.Writer) {
	fprintf(w, "usage: secp256k1 %s [flags] %s\n\n%s\n\nflags:\n", cmd.name, cmd.args, cmd.help)
	fs := cmd.newFlagSet(new(options), false)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// isHelp reports whether a is one of the spellings of a request for help.
func isHelp(a string) bool {
	return a == "-h" || a == "-help" || a == "--help"
}

// execute parses the command's flags and arguments, runs it and prints the
// result: the values alone (one per line, in a fixed order) or JSON, and
// returns the exit status. A usage or input error is one line on standard
// error (and with -json also {"error": "..."} on standard output), and so
// is the reason of an invalid signature where there is one; -h or --help
// anywhere before "--" prints the command's help on standard output.
func (cmd *command) execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	for _, a := range argv {
		if a == "--" {
			break
		}
		if isHelp(a) {
			cmd.usage(stdout)
			return exitOK
		}
	}
	c := new(context)
	r := &reporter{stdout: stdout, stderr: stderr, json: wantsJSON(argv)}
	fs := cmd.newFlagSet(&c.opts, true)
	err := fs.Parse(argv)
	if err == nil {
		r.json = c.opts.json
		err = cmd.checkFlags(fs)
	}
	if err != nil {
		return r.fail(exitUsage, "secp256k1 %s: %v (see secp256k1 %s -h)", cmd.name, err, cmd.name)
	}
	want := strings.Fields(cmd.args)
	required := 0
	for _, w := range want {
		if !strings.HasPrefix(w, "[") {
			required++
		}
	}
	if fs.NArg() < required || fs.NArg() > len(want) {
		hint := ""
		if slices.ContainsFunc(fs.Args(), func(a string) bool { return len(a) > 1 && a[0] == '-' }) {
			hint = " (flags go before the arguments)"
		}
		wantArgs := "want arguments " + cmd.args
		if cmd.args == "" {
			wantArgs = "takes no arguments"
		}
		return r.fail(exitUsage, "secp256k1 %s: %s, got %d%s", cmd.name, wantArgs, fs.NArg(), hint)
	}
	var in *bufio.Scanner
	for i, a := range fs.Args() {
		if a == "-" {
			if in == nil {
				in = newWordScanner(stdin)
			}
			if !in.Scan() {
				if err := in.Err(); err != nil {
					return r.fail(exitUsage, "secp256k1 %s: reading %s from standard input: %v", cmd.name, want[i], err)
				}
				return r.fail(exitUsage, "secp256k1 %s: missing %s on standard input", cmd.name, want[i])
			}
			a = in.Text()
		}
		if words := choices(want[i]); words != nil {
			c.labels = append(c.labels, want[i])
			if !slices.Contains(words, a) {
				return r.fail(exitUsage, "secp256k1 %s: %s must be %s, not %q", cmd.name, want[i], strings.Join(words, " or "), a)
			}
			c.args = append(c.args, []byte(a))
			c.wifs = append(c.wifs, nil)
			continue
		}
		label := argLabel(want[i])
		c.labels = append(c.labels, label)
		var b []byte
		var w *wifKey
		var err error
		if want[i] == "<seckey>" || want[i] == anyKey {
			b, w, err = parseSecret(label, a)
		} else {
			b, err = decodeHex(label, a)
		}
		if err != nil {
			return r.fail(exitUsage, "secp256k1 %s: %v", cmd.name, err)
		}
		c.args = append(c.args, b)
		c.wifs = append(c.wifs, w)
	}
	out, err := cmd.run(c)
	if err != nil {
		code := exitUsage
		if errors.Is(err, errInvalidSignature) {
			code = exitInvalid
		}
		return r.fail(code, "secp256k1 %s: %v", cmd.name, err)
	}
	if c.opts.json {
		// Encode prints the object and a newline; it cannot fail for
		// these types.
		json.NewEncoder(stdout).Encode(out)
	} else {
		out.text(stdout)
	}
	res, _ := out.(*result)
	if res != nil && res.hint != "" {
		fprintf(stderr, "secp256k1 %s: %s\n", cmd.name, res.hint)
	}
	if res != nil && res.Valid != nil && !*res.Valid {
		return exitInvalid
	}
	return exitOK
}

func fprintf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, format, a...)
}
