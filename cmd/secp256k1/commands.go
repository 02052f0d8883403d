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
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/ellswift"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

const (
	exitOK      = 0
	exitInvalid = 1 // a signature that does not verify
	exitUsage   = 2 // bad usage or input
)

const usage = `usage: secp256k1 <command> [flags] [arguments]

Arguments are hex (except a role: initiator or responder); "-" reads an
argument from standard input. Flags go before the arguments.
Exit status: 0 ok, 1 invalid signature, 2 usage or input error.

commands:
  keygen                               new private key (and its public key)
  pubkey <seckey>                      public key of a private key
  sign <seckey> <hash>                 ECDSA signature (RFC 6979, low-S)
  verify <pubkey> <hash> <signature>   check an ECDSA signature (DER or compact)
  recover <hash> <signature65>         public key from r||s||v
  ecdh <seckey> <pubkey>               shared secret: SHA-256 of the compressed shared point
  schnorr-sign <seckey> <msg> [aux]    BIP-340 signature of a message of any length
  schnorr-verify <xonly> <msg> <sig>   check a BIP-340 signature
  ellswift-create <seckey> [aux]       64-byte ElligatorSwift encoding of a key's public key (BIP-324)
  ellswift-encode <pubkey> [rnd]       64-byte ElligatorSwift encoding of a public key
  ellswift-decode <ellswift64>         public key of an ElligatorSwift encoding
  ellswift-xdh <seckey> <ours64> <theirs64> <initiator|responder>
                                       BIP-324 shared secret of two ElligatorSwift encodings
  bench [main|internal|ecmult|all] [-format table|benchstat]
                                       time the library (libsecp256k1's bench table format)

Run "secp256k1 <command> -h" or "secp256k1 help <command>" for a command's
arguments and flags.
`

// command is one subcommand: its flags, positional arguments and action.
//
// args names the positional arguments: "<x>" is required, "[x]" optional.
// Each is hex, except a choice "<a|b>", which must be one of the words a, b.
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
	json, uncompressed, recoverable bool
	format                          string
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
}

// context is what a command's action sees.
type context struct {
	opts options
	args [][]byte // the positional arguments: hex decoded, a choice as its word
}

// choices returns the words a choice argument "<a|b>" accepts, or nil for a
// hex argument.
func choices(arg string) []string {
	if !strings.Contains(arg, "|") {
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
	{name: "pubkey", args: "<seckey>", flags: []string{"json", "uncompressed"}, help: "Prints the public key (33-byte compressed by default).",
		run: func(c *context) (output, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, err
			}
			return &result{Pubkey: c.pubBytes(k.PublicKey())}, nil
		}},
	{name: "sign", args: "<seckey> <hash>", help: "Signs a hash (its leftmost 32 bytes) with ECDSA, RFC 6979, low-S.",
		flags:     []string{"json", "format", "recoverable"},
		conflicts: []conflict{{"format", "recoverable", "a recoverable signature is always the 65-byte r||s||v"}},
		run: func(c *context) (output, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
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
	{name: "verify", args: "<pubkey> <hash> <signature>", flags: []string{"json"}, help: "Verifies an ECDSA signature, DER or 64-byte compact; high-S is invalid, as in libsecp256k1.",
		run: func(c *context) (output, error) {
			pub, err := secp256k1.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, err
			}
			var sig *ecdsa.Signature
			if len(c.args[2]) == 64 {
				sig, err = ecdsa.ParseCompactSignature(c.args[2])
			} else {
				sig, err = ecdsa.ParseDERSignature(c.args[2])
			}
			if err != nil {
				return nil, err
			}
			return verdict(ecdsa.Verify(pub, c.args[1], sig))
		}},
	{name: "recover", args: "<hash> <signature65>", flags: []string{"json", "uncompressed"}, help: "Recovers the public key from a 65-byte r||s||v signature (v in 0..3).",
		run: func(c *context) (output, error) {
			pub, err := ecdsa.RecoverPublicKey(c.args[0], c.args[1])
			if err != nil {
				return nil, fmt.Errorf("%w: %v", errInvalidSignature, err)
			}
			return &result{Pubkey: c.pubBytes(pub)}, nil
		}},
	{name: "ecdh", args: "<seckey> <pubkey>", flags: []string{"json"}, help: "Prints SHA-256 of the compressed shared point (libsecp256k1's default).",
		run: func(c *context) (output, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, err
			}
			pub, err := secp256k1.ParsePublicKey(c.args[1])
			if err != nil {
				return nil, err
			}
			return &result{Secret: ecdh.SharedSecret(k, pub)}, nil
		}},
	{name: "schnorr-sign", args: "<seckey> <msg> [aux]", flags: []string{"json"}, help: "Signs a message of any length with BIP-340 (aux: 32 bytes, default crypto/rand).",
		run: func(c *context) (output, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, err
			}
			var aux []byte
			if len(c.args) > 2 {
				aux = c.args[2]
			}
			sig, err := schnorr.Sign(k, c.args[1], aux)
			if err != nil {
				return nil, err
			}
			return &result{XOnly: schnorr.SerializePublicKey(k.PublicKey()), Signature: sig}, nil
		}},
	{name: "schnorr-verify", args: "<xonly> <msg> <sig>", flags: []string{"json"}, help: "Verifies a BIP-340 signature with a 32-byte x-only key.",
		run: func(c *context) (output, error) {
			pub, err := schnorr.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, err
			}
			if len(c.args[2]) != 64 {
				return nil, errors.New("signature must be 64 bytes")
			}
			return verdict(schnorr.Verify(pub, c.args[1], c.args[2]))
		}},
	{name: "ellswift-create", args: "<seckey> [aux]", flags: []string{"json"}, help: `Prints a 64-byte ElligatorSwift encoding (BIP-324) of the private key's
public key, made as libsecp256k1's secp256k1_ellswift_create makes it: the
same key and aux give the same encoding. aux is 32 bytes, by default from
crypto/rand; an encoding looks random only if aux is fresh and secret.`,
		run: func(c *context) (output, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, err
			}
			var aux []byte // nil: crypto/rand
			if len(c.args) > 1 {
				aux = append([]byte{}, c.args[1]...) // not nil, even if empty
			}
			enc, err := ellswift.Create(k, aux)
			if err != nil {
				return nil, err
			}
			return &result{ELLSwift: enc}, nil
		}},
	{name: "ellswift-encode", args: "<pubkey> [rnd]", flags: []string{"json"}, help: `Prints a 64-byte ElligatorSwift encoding (BIP-324) of a public key, made as
libsecp256k1's secp256k1_ellswift_encode makes it. rnd is 32 bytes, by
default from crypto/rand; an encoding looks random only if rnd is fresh and
secret and the key is random too.`,
		run: func(c *context) (output, error) {
			pub, err := secp256k1.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, err
			}
			var rnd []byte
			if len(c.args) > 1 {
				rnd = c.args[1]
			} else {
				rnd = make([]byte, 32)
				if _, err := rand.Read(rnd); err != nil {
					return nil, err
				}
			}
			enc, err := ellswift.Encode(pub, rnd)
			if err != nil {
				return nil, err
			}
			return &result{ELLSwift: enc}, nil
		}},
	{name: "ellswift-decode", args: "<ellswift64>", flags: []string{"json", "uncompressed"}, help: `Prints the public key that a 64-byte ElligatorSwift encoding (BIP-324)
decodes to; every 64-byte string decodes.`,
		run: func(c *context) (output, error) {
			pub, err := ellswift.Decode(c.args[0])
			if err != nil {
				return nil, err
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
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, err
			}
			ours, theirs, initiating := c.args[1], c.args[2], string(c.args[3]) == "initiator"
			for i, enc := range [][]byte{ours, theirs} {
				if len(enc) != 64 {
					return nil, fmt.Errorf("%s must be 64 bytes, not %d", []string{"<ours64>", "<theirs64>"}[i], len(enc))
				}
			}
			// XDH does not look at our own encoding beyond hashing it, so a
			// swapped pair would give a wrong secret without an error;
			// catch that here. x only: XDH only uses the x coordinate.
			pub, _ := ellswift.Decode(ours)
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
	XOnly     hexBytes `json:"xonly,omitempty"`
	ELLSwift  hexBytes `json:"ellswift,omitempty"`
	Signature hexBytes `json:"signature,omitempty"`
	Secret    hexBytes `json:"secret,omitempty"`
	Valid     *bool    `json:"valid,omitempty"`
}

func (r *result) text(w io.Writer) {
	for _, b := range []hexBytes{r.Seckey, r.Pubkey, r.XOnly, r.ELLSwift, r.Signature, r.Secret} {
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
func verdict(ok bool) (output, error) {
	return &result{Valid: &ok}, nil
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
// result: the values alone (one per line, in a fixed order) or JSON. A usage
// or input error is one line on standard error; -h or --help anywhere before
// "--" prints the command's help on standard output.
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
	fs := cmd.newFlagSet(&c.opts, true)
	err := fs.Parse(argv)
	if err == nil {
		err = cmd.checkFlags(fs)
	}
	if err != nil {
		fprintf(stderr, "secp256k1 %s: %v (see secp256k1 %s -h)\n", cmd.name, err, cmd.name)
		return exitUsage
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
		fprintf(stderr, "secp256k1 %s: want arguments %s, got %d%s\n", cmd.name, cmd.args, fs.NArg(), hint)
		return exitUsage
	}
	var in *bufio.Scanner
	for i, a := range fs.Args() {
		if a == "-" {
			if in == nil {
				in = bufio.NewScanner(stdin)
				in.Buffer(make([]byte, 1<<20), 1<<20)
				in.Split(bufio.ScanWords)
			}
			if !in.Scan() {
				if err := in.Err(); err != nil {
					fprintf(stderr, "secp256k1 %s: reading %s from standard input: %v\n", cmd.name, want[i], err)
				} else {
					fprintf(stderr, "secp256k1 %s: missing %s on standard input\n", cmd.name, want[i])
				}
				return exitUsage
			}
			a = in.Text()
		}
		if words := choices(want[i]); words != nil {
			if !slices.Contains(words, a) {
				fprintf(stderr, "secp256k1 %s: %s must be %s, not %q\n", cmd.name, want[i], strings.Join(words, " or "), a)
				return exitUsage
			}
			c.args = append(c.args, []byte(a))
			continue
		}
		b, err := hex.DecodeString(strings.TrimPrefix(a, "0x"))
		if err != nil {
			hint := ""
			if strings.HasPrefix(a, "-") {
				hint = " (flags go before the arguments)"
			}
			fprintf(stderr, "secp256k1 %s: %s is not hex%s\n", cmd.name, want[i], hint)
			return exitUsage
		}
		c.args = append(c.args, b)
	}
	out, err := cmd.run(c)
	if err != nil {
		fprintf(stderr, "secp256k1 %s: %v\n", cmd.name, err)
		if errors.Is(err, errInvalidSignature) {
			return exitInvalid
		}
		return exitUsage
	}
	if c.opts.json {
		// Encode prints the object and a newline; it cannot fail for
		// these types.
		json.NewEncoder(stdout).Encode(out)
	} else {
		out.text(stdout)
	}
	if r, ok := out.(*result); ok && r.Valid != nil && !*r.Valid {
		return exitInvalid
	}
	return exitOK
}

func fprintf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, format, a...)
}
