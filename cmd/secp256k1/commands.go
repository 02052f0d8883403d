package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/ecdh"
	"github.com/kestrel-crypto/secp256k1/ecdsa"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

const (
	exitOK      = 0
	exitInvalid = 1 // a signature that does not verify
	exitUsage   = 2 // bad usage or input
)

const usage = `usage: secp256k1 <command> [flags] [arguments]

Arguments are hex; "-" reads an argument from standard input.
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
  bench [internal|all]                 time the library (libsecp256k1's bench table format)

Run "secp256k1 <command> -h" for a command's flags.
`

// command is one subcommand: its flags, positional arguments and action.
type command struct {
	name, args, help string
	flags            func(fs *flag.FlagSet) // declares the command's flags
	run              func(c *context) (map[string]string, int, error)
}

// context is what a command's action sees.
type context struct {
	fs   *flag.FlagSet
	args [][]byte // the decoded positional arguments
	out  io.Writer
}

var (
	flagJSON         bool
	flagUncompressed bool
	flagFormat       string
	flagRecoverable  bool
)

var commands = []command{
	{name: "keygen", help: "Generates a private key from crypto/rand and prints it with its public key.",
		run: func(c *context) (map[string]string, int, error) {
			k, err := secp256k1.GeneratePrivateKey()
			if err != nil {
				return nil, exitUsage, err
			}
			return map[string]string{"seckey": hex.EncodeToString(k.Bytes()), "pubkey": pubHex(k.PublicKey())}, exitOK, nil
		}},
	{name: "pubkey", args: "<seckey>", help: "Prints the public key (33-byte compressed by default).",
		run: func(c *context) (map[string]string, int, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			return map[string]string{"pubkey": pubHex(k.PublicKey())}, exitOK, nil
		}},
	{name: "sign", args: "<seckey> <hash>", help: "Signs a hash (its leftmost 32 bytes) with ECDSA, RFC 6979, low-S.",
		flags: func(fs *flag.FlagSet) {
			fs.StringVar(&flagFormat, "format", "der", "signature encoding: der or compact")
			fs.BoolVar(&flagRecoverable, "recoverable", false, "print the 65-byte r||s||v for recover")
		},
		run: func(c *context) (map[string]string, int, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			if flagRecoverable {
				sig, err := ecdsa.SignRecoverable(k, c.args[1])
				if err != nil {
					return nil, exitUsage, err
				}
				return map[string]string{"signature": hex.EncodeToString(sig)}, exitOK, nil
			}
			sig, err := ecdsa.Sign(k, c.args[1])
			if err != nil {
				return nil, exitUsage, err
			}
			switch flagFormat {
			case "der":
				return map[string]string{"signature": hex.EncodeToString(sig.DER())}, exitOK, nil
			case "compact":
				return map[string]string{"signature": hex.EncodeToString(sig.Compact())}, exitOK, nil
			}
			return nil, exitUsage, fmt.Errorf("unknown -format %q (want der or compact)", flagFormat)
		}},
	{name: "verify", args: "<pubkey> <hash> <signature>", help: "Verifies an ECDSA signature, DER or 64-byte compact; high-S is invalid, as in libsecp256k1.",
		run: func(c *context) (map[string]string, int, error) {
			pub, err := secp256k1.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			var sig *ecdsa.Signature
			if len(c.args[2]) == 64 {
				sig, err = ecdsa.ParseCompactSignature(c.args[2])
			} else {
				sig, err = ecdsa.ParseDERSignature(c.args[2])
			}
			if err != nil {
				return nil, exitUsage, err
			}
			return verdict(ecdsa.Verify(pub, c.args[1], sig))
		}},
	{name: "recover", args: "<hash> <signature65>", help: "Recovers the public key from a 65-byte r||s||v signature (v in 0..3).",
		run: func(c *context) (map[string]string, int, error) {
			pub, err := ecdsa.RecoverPublicKey(c.args[0], c.args[1])
			if err != nil {
				return nil, exitInvalid, err
			}
			return map[string]string{"pubkey": pubHex(pub)}, exitOK, nil
		}},
	{name: "ecdh", args: "<seckey> <pubkey>", help: "Prints SHA-256 of the compressed shared point (libsecp256k1's default).",
		run: func(c *context) (map[string]string, int, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			pub, err := secp256k1.ParsePublicKey(c.args[1])
			if err != nil {
				return nil, exitUsage, err
			}
			return map[string]string{"secret": hex.EncodeToString(ecdh.SharedSecret(k, pub))}, exitOK, nil
		}},
	{name: "schnorr-sign", args: "<seckey> <msg> [aux]", help: "Signs a message of any length with BIP-340 (aux: 32 bytes, default crypto/rand).",
		run: func(c *context) (map[string]string, int, error) {
			k, err := secp256k1.NewPrivateKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			var aux []byte
			if len(c.args) > 2 {
				aux = c.args[2]
			}
			sig, err := schnorr.Sign(k, c.args[1], aux)
			if err != nil {
				return nil, exitUsage, err
			}
			return map[string]string{"signature": hex.EncodeToString(sig), "xonly": hex.EncodeToString(schnorr.SerializePublicKey(k.PublicKey()))}, exitOK, nil
		}},
	{name: "schnorr-verify", args: "<xonly> <msg> <sig>", help: "Verifies a BIP-340 signature with a 32-byte x-only key.",
		run: func(c *context) (map[string]string, int, error) {
			pub, err := schnorr.ParsePublicKey(c.args[0])
			if err != nil {
				return nil, exitUsage, err
			}
			if len(c.args[2]) != 64 {
				return nil, exitUsage, errors.New("signature must be 64 bytes")
			}
			return verdict(schnorr.Verify(pub, c.args[1], c.args[2]))
		}},
}

func verdict(ok bool) (map[string]string, int, error) {
	if ok {
		return map[string]string{"valid": "true"}, exitOK, nil
	}
	return map[string]string{"valid": "false"}, exitInvalid, nil
}

func pubHex(p *secp256k1.PublicKey) string {
	if flagUncompressed {
		return hex.EncodeToString(p.BytesUncompressed())
	}
	return hex.EncodeToString(p.BytesCompressed())
}

// execute parses the command's flags and arguments, runs it and prints the
// result: the values alone (one per line, in a fixed order) or JSON.
func (cmd *command) execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	flagJSON, flagUncompressed, flagFormat, flagRecoverable = false, false, "der", false
	fs.BoolVar(&flagJSON, "json", false, "print JSON")
	fs.BoolVar(&flagUncompressed, "uncompressed", false, "print public keys as 65-byte uncompressed")
	if cmd.flags != nil {
		cmd.flags(fs)
	}
	fs.Usage = func() {
		fprintf(stderr, "usage: secp256k1 %s [flags] %s\n\n%s\n\nflags:\n", cmd.name, cmd.args, cmd.help)
		fs.PrintDefaults()
	}
	if err := fs.Parse(argv); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
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
		fprintf(stderr, "secp256k1 %s: want arguments %s, got %d\n", cmd.name, cmd.args, fs.NArg())
		return exitUsage
	}
	c := &context{fs: fs, out: stdout}
	var in *bufio.Scanner
	for i, a := range fs.Args() {
		if a == "-" {
			if in == nil {
				in = bufio.NewScanner(stdin)
				in.Buffer(make([]byte, 1<<20), 1<<20)
				in.Split(bufio.ScanWords)
			}
			if !in.Scan() {
				fprintf(stderr, "secp256k1 %s: missing %s on standard input\n", cmd.name, want[i])
				return exitUsage
			}
			a = in.Text()
		}
		b, err := hex.DecodeString(strings.TrimPrefix(a, "0x"))
		if err != nil {
			fprintf(stderr, "secp256k1 %s: %s is not hex\n", cmd.name, want[i])
			return exitUsage
		}
		c.args = append(c.args, b)
	}
	res, code, err := cmd.run(c)
	if err != nil {
		fprintf(stderr, "secp256k1 %s: %v\n", cmd.name, err)
		return code
	}
	keys := []string{"seckey", "pubkey", "xonly", "signature", "secret", "valid"}
	if flagJSON {
		ordered := make([]string, 0, len(res))
		for _, k := range keys {
			if v, ok := res[k]; ok {
				q, _ := json.Marshal(v)
				ordered = append(ordered, fmt.Sprintf("%q: %s", k, q))
			}
		}
		fprintf(stdout, "{%s}\n", strings.Join(ordered, ", "))
		return code
	}
	for _, k := range keys {
		if v, ok := res[k]; ok {
			fprintf(stdout, "%s\n", v)
		}
	}
	return code
}

func fprintf(w io.Writer, format string, a ...any) {
	fmt.Fprintf(w, format, a...)
}
