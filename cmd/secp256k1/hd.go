package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1/bip32"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// The hd commands: BIP-32 extended keys (package bip32). Their arguments are
// text, not hex (an xprv, an xpub, a path; only a seed is hex), so they have
// their own dispatcher, under "secp256k1 hd", with the conventions of the
// other commands: flags before the arguments, each command only its own,
// "-" reads an argument from standard input, -json prints one JSON object
// (and an error as {"error": "..."}), exit status 0 or 2 with the reason on
// standard error.

const hdUsage = `usage: secp256k1 hd <command> [flags] [arguments]

BIP-32 hierarchical deterministic keys. A seed is hex (16 to 64 bytes); an
extended key is its Base58 string (xprv/xpub, tprv/tpub); "-" reads an
argument from standard input, which keeps a seed or an xprv out of the
process list and the shell history.

commands:
  derive <seed|xprv|xpub> <path>   the extended key at a path
  neuter <xprv>                    the extended public key (xpub) of an xprv

Run "secp256k1 hd <command> -h" for a command's arguments and flags.
`

// hdCommand is one command under "secp256k1 hd".
type hdCommand struct {
	name, args, help string
	flags            []string // the flags it takes: json, testnet
	run              func(c *hdContext) (*hdResult, error)
}

// hdContext is what an hd command's action sees.
type hdContext struct {
	json, testnet bool
	args          []string
}

var hdCommands = []hdCommand{
	{name: "derive", args: "<seed|xprv|xpub> <path>", flags: []string{"json", "testnet"},
		help: `Prints the extended key at path: an xprv from a seed or an xprv, an xpub
from an xpub. A seed (hex) gives the master key m, on mainnet (xprv) or with
-testnet on the test networks (tprv); an extended key keeps its version.

The path is as BIP-32 writes it: m/84'/0'/0'/0/5, with ', h or H for a
hardened index (quote ' in a shell: 'm/84'"'"'/0h', or write h). A path
starting with m is from the master key: it needs a seed or a key of depth 0.
A path without m, such as 0/5, is relative to the key given (an account
xpub). An xpub derives only unhardened children.

-json also prints the child's private key as hex (seckey) and as a WIF
(wif), which the other commands take, and its addresses (p2pkh, p2wpkh,
p2sh-p2wpkh and BIP-86's p2tr, of the key's network).`,
		run: func(c *hdContext) (*hdResult, error) {
			k, err := c.inputKey(c.args[0])
			if err != nil {
				return nil, err
			}
			child, err := k.DerivePath(c.args[1])
			k.Zero()
			if err != nil {
				return nil, explainPath(err)
			}
			return newHDResult(child)
		}},
	{name: "neuter", args: "<xprv>", flags: []string{"json"},
		help: `Prints the extended public key of an extended private key: the same
chain code and place in the tree, the public key, the public version (xpub
for an xprv, tpub for a tprv). An xpub is printed as it is.`,
		run: func(c *hdContext) (*hdResult, error) {
			if isHex(c.args[0]) {
				return nil, errors.New("<xprv>: want an extended key, not hex (for a seed's master xpub, neuter the xprv of hd derive <seed> m)")
			}
			k, err := c.inputKey(c.args[0])
			if err != nil {
				return nil, err
			}
			pub, err := k.Neuter()
			k.Zero()
			if err != nil {
				return nil, err
			}
			return newHDResult(pub)
		}},
}

// hdResult is the output of the hd commands: text, the extended key alone
// (the xprv if it is private, else the xpub); JSON, every field: for a
// private key also its key as hex and WIF, and the key's addresses.
type hdResult struct {
	Xprv              string     `json:"xprv,omitempty"`
	Xpub              string     `json:"xpub"`
	Seckey            hexBytes   `json:"seckey,omitempty"`
	WIF               string     `json:"wif,omitempty"`
	Depth             uint8      `json:"depth"`
	ChildIndex        uint32     `json:"child_index"`
	ParentFingerprint string     `json:"parent_fingerprint"`
	Fingerprint       string     `json:"fingerprint"`
	Pubkey            hexBytes   `json:"pubkey"`
	Addresses         *addresses `json:"addresses"`
}

func newHDResult(k *bip32.ExtendedKey) (*hdResult, error) {
	defer k.Zero()
	pub, _ := k.Neuter() // k is valid
	net := btcaddr.Mainnet
	if k.Network() == bip32.Testnet {
		net = btcaddr.Testnet
	}
	addrs, err := keyAddresses(k.PublicKey(), true, net, "")
	if err != nil {
		return nil, err
	}
	r := &hdResult{
		Xpub:              pub.Base58(),
		Depth:             k.Depth(),
		ChildIndex:        k.ChildIndex(),
		ParentFingerprint: fmt.Sprintf("%08x", k.ParentFingerprint()),
		Fingerprint:       fmt.Sprintf("%08x", k.Fingerprint()),
		Pubkey:            k.PublicKey().BytesCompressed(),
		Addresses:         addrs,
	}
	if k.IsPrivate() {
		r.Xprv = k.Base58()
		sk, err := k.PrivateKey()
		if err != nil {
			return nil, err
		}
		defer sk.Zero()
		r.Seckey = sk.Bytes()
		// Extended keys have compressed public keys (BIP-32's serP).
		if r.WIF, err = btcaddr.EncodeWIF(sk, true, net); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *hdResult) text(w io.Writer) {
	if r.Xprv != "" {
		fprintf(w, "%s\n", r.Xprv)
		return
	}
	fprintf(w, "%s\n", r.Xpub)
}

// isHex reports whether s (without a 0x prefix) is hex digits only, as a
// seed is and an extended key never is (its first character is not hex).
func isHex(s string) bool {
	s = trimHex(s)
	return s != "" && strings.Trim(s, "0123456789abcdefABCDEF") == ""
}

// inputKey returns the key of the first argument: the master key of a hex
// seed, or a parsed extended key.
func (c *hdContext) inputKey(s string) (*bip32.ExtendedKey, error) {
	if isHex(s) {
		seed, err := decodeHex("seed", s)
		if err != nil {
			return nil, err
		}
		net := bip32.Mainnet
		if c.testnet {
			net = bip32.Testnet
		}
		k, err := bip32.NewMaster(seed, net)
		clear(seed)
		switch {
		case errors.Is(err, bip32.ErrSeedLength):
			return nil, fmt.Errorf("seed: want %d to %d bytes (%d to %d hex digits), got %s",
				bip32.MinSeedBytes, bip32.MaxSeedBytes, 2*bip32.MinSeedBytes, 2*bip32.MaxSeedBytes, byteCount(len(seed)))
		case errors.Is(err, bip32.ErrUnusableSeed):
			return nil, errors.New("seed: its master key is invalid (BIP-32; probability 2⁻¹²⁷): use another seed")
		}
		return k, err
	}
	if c.testnet {
		return nil, errors.New("-testnet applies to a seed: an extended key keeps its own version")
	}
	k, err := bip32.ParseExtendedKey(s)
	if err != nil {
		return nil, argError("extended key", err)
	}
	return k, nil
}

// explainPath turns the error of DerivePath into a reason.
func explainPath(err error) error {
	msg := strings.TrimPrefix(err.Error(), "bip32: ")
	switch {
	case errors.Is(err, bip32.ErrPath):
		return fmt.Errorf("path: %s", strings.TrimPrefix(msg, "invalid derivation path: "))
	case errors.Is(err, bip32.ErrHardenedFromPublic):
		return errors.New("path: a hardened index (', h or H) needs a private key: an xpub derives only unhardened children")
	}
	return errors.New(msg)
}

// runHD runs "secp256k1 hd …" and returns the exit status.
func runHD(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stderr, hdUsage)
		return exitUsage
	}
	name := args[0]
	if name == "help" || isHelp(name) {
		return groupHelp("hd", hdUsage, args[1:], func(name string) func(io.Writer) {
			if cmd := findHD(name); cmd != nil {
				return cmd.usage
			}
			return nil
		}, stdout, stderr)
	}
	if cmd := findHD(name); cmd != nil {
		return cmd.execute(args[1:], stdin, stdout, stderr)
	}
	fprintf(stderr, "secp256k1 hd: unknown command %q (see secp256k1 hd -h)\n", name)
	return exitUsage
}

func findHD(name string) *hdCommand {
	for i := range hdCommands {
		if hdCommands[i].name == name {
			return &hdCommands[i]
		}
	}
	return nil
}

// newFlagSet returns a flag set with the command's flags stored in c, and
// with all (for parsing) every other command's flags too, stored nowhere,
// so that checkFlags can name them.
func (cmd *hdCommand) newFlagSet(c *hdContext, all bool) *flag.FlagSet {
	fs := flag.NewFlagSet("hd "+cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if all || slices.Contains(cmd.flags, "json") {
		fs.BoolVar(&c.json, "json", false, "print JSON: the extended keys, the private key (hex and WIF), depth, child index, fingerprints, public key and addresses")
	}
	if all || slices.Contains(cmd.flags, "testnet") {
		fs.BoolVar(&c.testnet, "testnet", false, "the master key of a seed has the test networks' version (tprv)")
	}
	if all {
		defineOtherFlags(fs)
	}
	return fs
}

func (cmd *hdCommand) usage(w io.Writer) {
	fprintf(w, "usage: secp256k1 hd %s [flags] %s\n\n%s\n\nflags:\n", cmd.name, cmd.args, cmd.help)
	fs := cmd.newFlagSet(new(hdContext), false)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// execute is command.execute for text arguments.
func (cmd *hdCommand) execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if helpAsked(argv) {
		cmd.usage(stdout)
		return exitOK
	}
	c := new(hdContext)
	r := &reporter{stdout: stdout, stderr: stderr, json: wantsJSON(argv)}
	fs := cmd.newFlagSet(c, true)
	err := fs.Parse(argv)
	if err == nil {
		r.json = c.json
		fs.Visit(func(f *flag.Flag) {
			if err == nil && !slices.Contains(cmd.flags, f.Name) {
				err = fmt.Errorf("-%s is not a flag of hd %s, which takes -%s", f.Name, cmd.name, strings.Join(cmd.flags, " -"))
			}
		})
	}
	if err != nil {
		return r.fail(exitUsage, "secp256k1 hd %s: %v (see secp256k1 hd %s -h)", cmd.name, err, cmd.name)
	}
	want := strings.Fields(cmd.args)
	if fs.NArg() != len(want) {
		hint := ""
		if slices.ContainsFunc(fs.Args(), func(a string) bool { return len(a) > 1 && a[0] == '-' }) {
			hint = " (flags go before the arguments)"
		}
		return r.fail(exitUsage, "secp256k1 hd %s: want arguments %s, got %d%s", cmd.name, cmd.args, fs.NArg(), hint)
	}
	var in *bufio.Scanner
	for i, a := range fs.Args() {
		if a == "-" {
			if in == nil {
				in = newWordScanner(stdin)
			}
			if !in.Scan() {
				if err := in.Err(); err != nil {
					return r.fail(exitUsage, "secp256k1 hd %s: reading %s from standard input: %v", cmd.name, want[i], err)
				}
				return r.fail(exitUsage, "secp256k1 hd %s: missing %s on standard input", cmd.name, want[i])
			}
			a = in.Text()
		}
		c.args = append(c.args, a)
	}
	out, err := cmd.run(c)
	if err != nil {
		return r.fail(exitUsage, "secp256k1 hd %s: %v", cmd.name, err)
	}
	if c.json {
		json.NewEncoder(stdout).Encode(out)
	} else {
		out.text(stdout)
	}
	return exitOK
}
