package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/bip322"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// The message commands: BIP-322 and legacy message signatures for Bitcoin
// addresses. Their arguments are text, not hex (an address, a message, a
// base64 signature; only the private key is hex), so they parse their own
// arguments, as bench does; they follow the other commands otherwise:
// flags before the arguments, each subcommand only its own, -json, "-"
// for standard input, one line on standard error for an error, exit 0, 1
// or 2.

const messageUsage = `usage: secp256k1 message sign [flags] <seckey> <address> <message>
       secp256k1 message verify [flags] <address> <message> <signature>

Signs and verifies messages for Bitcoin addresses: BIP-322 signatures
(simple for P2WPKH and P2TR, full for P2SH-P2WPKH), and Bitcoin Core's
legacy signmessage format for P2PKH (with BIP-137's headers for segwit
addresses on verify). The key is hex or a WIF; the address, the message and
the base64 signature are text. "-" reads an argument from a line of
standard input (without its line ending).

Run "secp256k1 message sign -h" or "secp256k1 help message sign" for a
command's flags.
`

// messageCommand is a subcommand of message.
type messageCommand struct {
	name, args, help string
	flags            []string // its flags, by their names in messageFlags
	run              func(o *messageOptions, args []string) (*messageResult, error)
}

type messageOptions struct {
	json   bool
	format string
}

// messageFlags declares the flags of the message commands. Each takes
// those its flags field names; execute parses all of them, so that a flag
// given to a command that does not take it is named in the error.
var messageFlags = []struct {
	name   string
	define func(fs *flag.FlagSet, o *messageOptions)
}{
	{"json", func(fs *flag.FlagSet, o *messageOptions) { fs.BoolVar(&o.json, "json", false, "print JSON") }},
	{"format", func(fs *flag.FlagSet, o *messageOptions) {
		fs.StringVar(&o.format, "format", "auto", "auto, simple (BIP-322, P2WPKH and P2TR), full (BIP-322) or legacy (P2PKH; BIP-137 for P2WPKH and P2SH-P2WPKH)")
	}},
}

// newFlagSet returns a flag set for the command that stores in o, with
// every message flag if all is set and the command's own otherwise.
func (mc *messageCommand) newFlagSet(o *messageOptions, all bool) *flag.FlagSet {
	fs := flag.NewFlagSet("message "+mc.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	for _, f := range messageFlags {
		if all || slices.Contains(mc.flags, f.name) {
			f.define(fs, o)
		}
	}
	return fs
}

var messageCommands = []messageCommand{
	{name: "sign", args: "<seckey> <address> <message>",
		help: `Signs the message with the private key (32 bytes of hex, or a WIF) for the address,
which must be one of the key's: P2PKH (of its compressed or uncompressed
public key), P2WPKH, P2SH-P2WPKH, or P2TR (its BIP-86 key-path output, or
the key's own x-only key). By default the format is BIP-322 simple for
P2WPKH and P2TR, BIP-322 full for P2SH-P2WPKH, and legacy (Bitcoin Core's
signmessage) for P2PKH; -format chooses another. ECDSA signatures are
deterministic, BIP-340 ones are not. Prints the base64 signature.`,
		flags: []string{"json", "format"},
		run:   messageSign},
	{name: "verify", args: "<address> <message> <signature>",
		help: `Verifies a message signature for the address: BIP-322 simple ("smp"), full
("ful"), or without a prefix simple, or legacy if it is the base64 of 65
bytes (Bitcoin Core's format for P2PKH, BIP-137's or Electrum's headers for
P2WPKH and P2SH-P2WPKH). Prints true and exits 0 if it is valid, prints false
and exits 1 with the reason on standard error if not. A signature this tool
cannot check (P2WSH and other P2SH scripts, taproot script paths, proofs of
funds: BIP-322's "inconclusive") exits 2, as malformed input does. A full
signature with a lock time or sequence is valid from that time and age on:
they are printed.`,
		flags: []string{"json"},
		run:   messageVerify},
}

// messageResult is the output of a message command.
type messageResult struct {
	Address   string  `json:"address,omitempty"`
	Format    string  `json:"format,omitempty"`
	Signature string  `json:"signature,omitempty"`
	Valid     *bool   `json:"valid,omitempty"`
	LockTime  *uint32 `json:"lock_time,omitempty"`
	Sequence  *uint32 `json:"sequence,omitempty"`

	reason string // why a signature is invalid, for standard error
}

func (r *messageResult) text(w io.Writer) {
	if r.Signature != "" {
		fprintf(w, "%s\n", r.Signature)
	}
	if r.Valid != nil {
		fprintf(w, "%t\n", *r.Valid)
	}
	if r.LockTime != nil && (*r.LockTime != 0 || *r.Sequence != 0) {
		fprintf(w, "valid from lock time %d and sequence %d\n", *r.LockTime, *r.Sequence)
	}
}

// runMessage runs "secp256k1 message …" and returns the exit status.
func runMessage(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runGroup("message", messageUsage, "sign or verify", args, func(name string) subcommand {
		for i := range messageCommands {
			if messageCommands[i].name == name {
				return &messageCommands[i]
			}
		}
		return nil
	}, stdin, stdout, stderr)
}

func (mc *messageCommand) usage(w io.Writer) {
	fprintf(w, "usage: secp256k1 message %s [flags] %s\n\n%s\n\nflags:\n", mc.name, mc.args, mc.help)
	fs := mc.newFlagSet(new(messageOptions), false)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// execute parses the subcommand's flags and arguments, runs it and prints
// the result, as command.execute does for the other commands.
func (mc *messageCommand) execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "message " + mc.name
	if helpAsked(argv) {
		mc.usage(stdout)
		return exitOK
	}
	var o messageOptions
	r := &reporter{stdout: stdout, stderr: stderr, json: wantsJSON(argv)}
	fs := mc.newFlagSet(&o, true)
	err := fs.Parse(argv)
	if err == nil {
		r.json = o.json
		err = foreignFlag(fs, name, mc.flags)
	}
	if err != nil {
		return r.fail(exitUsage, "secp256k1 %s: %v (see secp256k1 %s -h)", name, err, name)
	}
	want := strings.Fields(mc.args)
	if fs.NArg() != len(want) {
		return r.fail(exitUsage, "secp256k1 %s: want arguments %s, got %d%s", name, mc.args, fs.NArg(), flagsAfterArgs(fs.Args()))
	}
	args := fs.Args()
	var in *bufio.Reader
	for i, a := range args {
		if a != "-" {
			continue
		}
		if in == nil {
			in = bufio.NewReader(stdin)
		}
		line, err := in.ReadString('\n')
		if err != nil && (err != io.EOF || line == "") {
			return r.fail(exitUsage, "secp256k1 %s: missing %s on standard input", name, want[i])
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if want[i] != "<message>" {
			line = strings.TrimSpace(line)
		}
		args[i] = line
	}
	out, err := mc.run(&o, args)
	if err != nil {
		return r.fail(exitUsage, "secp256k1 %s: %v", name, err)
	}
	if o.json {
		json.NewEncoder(stdout).Encode(out)
	} else {
		out.text(stdout)
	}
	if out.Valid != nil && !*out.Valid {
		fprintf(stderr, "secp256k1 %s: %s\n", name, out.reason)
		return exitInvalid
	}
	return exitOK
}

// parseAddress parses the address argument.
func parseAddress(s string) (*btcaddr.Address, error) {
	a, err := btcaddr.Parse(s)
	if err != nil {
		return nil, argError("address", err)
	}
	return a, nil
}

func messageSign(o *messageOptions, args []string) (*messageResult, error) {
	b, _, err := parseSecret("private key", args[0])
	if err != nil {
		return nil, err
	}
	k, err := secp256k1.NewPrivateKey(b)
	if err != nil {
		return nil, explainInput("private key", b, err)
	}
	clear(b)
	addr, err := parseAddress(args[1])
	if err != nil {
		return nil, err
	}
	msg := []byte(args[2])
	var sig string
	switch o.format {
	case "auto":
		sig, err = bip322.Sign(k, addr, msg)
	case "simple":
		if kind := addr.Kind(); kind != btcaddr.P2WPKH && kind != btcaddr.P2TR {
			return nil, fmt.Errorf("-format simple: BIP-322's simple signatures are for native segwit addresses, not %v (use full)", kind)
		}
		sig, err = bip322.Sign(k, addr, msg)
	case "full":
		sig, err = bip322.SignFull(k, addr, msg)
	case "legacy":
		sig, err = bip322.SignLegacy(k, addr, msg)
	default:
		return nil, fmt.Errorf("unknown -format %q (want auto, simple, full or legacy)", o.format)
	}
	if err != nil {
		return nil, explainSign(k, addr, err)
	}
	return &messageResult{Address: addr.String(), Format: formatOf(sig), Signature: sig}, nil
}

// formatOf names the format of a signature that bip322 made.
func formatOf(sig string) string {
	switch {
	case strings.HasPrefix(sig, "smp"):
		return "simple"
	case strings.HasPrefix(sig, "ful"):
		return "full"
	}
	return "legacy"
}

// explainSign says why signing failed: for a key that is not the
// address's, which address of the same type the key has.
func explainSign(k *secp256k1.PrivateKey, addr *btcaddr.Address, err error) error {
	msg := strings.TrimPrefix(err.Error(), "bip322: ")
	if !errors.Is(err, bip322.ErrKeyMismatch) {
		return errors.New(msg)
	}
	pub, net := k.PublicKey(), addr.Network()
	var mine *btcaddr.Address
	switch addr.Kind() {
	case btcaddr.P2PKH:
		mine, _ = btcaddr.NewP2PKH(pub, true, net)
	case btcaddr.P2WPKH:
		mine, _ = btcaddr.NewP2WPKH(pub, net)
	case btcaddr.P2SH:
		mine, _ = btcaddr.NewP2SHP2WPKH(pub, net)
	case btcaddr.P2TR:
		mine, _ = btcaddr.NewP2TRBIP86(pub, net)
	}
	if mine == nil {
		return errors.New(msg)
	}
	return fmt.Errorf("%s (the key's is %s)", msg, mine)
}

func messageVerify(o *messageOptions, args []string) (*messageResult, error) {
	addr, err := parseAddress(args[0])
	if err != nil {
		return nil, err
	}
	msg, sig := []byte(args[1]), args[2]
	res := &bip322.Result{Format: bip322.Legacy}
	if raw, e := base64.StdEncoding.DecodeString(sig); e == nil && len(raw) == 65 {
		err = bip322.VerifyLegacy(addr, msg, sig)
	} else {
		res, err = bip322.Verify(addr, msg, sig)
	}
	switch {
	case err == nil:
		valid := true
		out := &messageResult{Format: res.Format.String(), Valid: &valid}
		if res.Format == bip322.Full {
			out.LockTime, out.Sequence = &res.LockTime, &res.Sequence
		}
		return out, nil
	case errors.Is(err, bip322.ErrInvalid):
		valid := false
		return &messageResult{Valid: &valid, reason: strings.TrimPrefix(err.Error(), "bip322: ")}, nil
	case errors.Is(err, bip322.ErrUnsupported):
		return nil, fmt.Errorf("inconclusive: %s", strings.TrimPrefix(err.Error(), "bip322: unsupported address type or signature format: "))
	}
	return nil, argError("signature", err)
}
