package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/kestrel-crypto/secp256k1"
	"github.com/kestrel-crypto/secp256k1/btcaddr"
)

// What the commands share in reading their arguments and reporting their
// errors.

// trimHex returns the hex digits s without a 0x or 0X prefix.
func trimHex(s string) string {
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		return s[2:]
	}
	return s
}

// decodeHex decodes s, the hex argument called label, with or without a 0x
// prefix. The error says why the digits are not hex, and where.
func decodeHex(label, s string) ([]byte, error) {
	digits := trimHex(s)
	b, err := hex.DecodeString(digits)
	var bad hex.InvalidByteError
	switch {
	case err == nil:
		return b, nil
	case errors.As(err, &bad):
		hint := ""
		if strings.HasPrefix(digits, "-") {
			hint = " (flags go before the arguments)"
		}
		return nil, fmt.Errorf("%s: not hex: %q at position %d%s", label, rune(bad), strings.IndexByte(digits, byte(bad))+1, hint)
	case errors.Is(err, hex.ErrLength):
		return nil, fmt.Errorf("%s: odd number of hex digits (%d)", label, len(digits))
	}
	return nil, fmt.Errorf("%s: %v", label, err)
}

// newWordScanner returns a scanner of the white-space separated words of
// standard input, as "-" arguments read them, with no limit on a word's
// length (a message for schnorr-sign can be long).
func newWordScanner(r io.Reader) *bufio.Scanner {
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 4096), math.MaxInt)
	in.Split(bufio.ScanWords)
	return in
}

// groupHelp prints the help of "secp256k1 <group> help [command]" (and of
// "secp256k1 help <group> [command]"): the group's usage, or the usage of
// the command named in args that usageOf finds; and returns the exit
// status.
func groupHelp(group, usage string, args []string, usageOf func(string) func(io.Writer), stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		io.WriteString(stdout, usage)
		return exitOK
	case 1:
		if u := usageOf(args[0]); u != nil {
			u(stdout)
			return exitOK
		}
		fprintf(stderr, "secp256k1 %s help: unknown command %q (see secp256k1 %s -h)\n", group, args[0], group)
	default:
		fprintf(stderr, "secp256k1 %s help: want at most one command, got %d\n", group, len(args))
	}
	return exitUsage
}

// wifKey is what a WIF private key says beside the key.
type wifKey struct {
	compressed bool // the key's addresses use its compressed public key
	net        btcaddr.Network
}

// parseSecret decodes s, the argument called label that holds a private
// key: hex (32 bytes, though the length is checked later, as for any hex
// key), or a WIF, for which it returns the key's 32 bytes and what the WIF
// says about it. The error is the reason s is neither.
func parseSecret(label, s string) ([]byte, *wifKey, error) {
	b, err := decodeHex(label, s)
	if err == nil {
		return b, nil, nil
	}
	if trimHex(s) == s && !isHex(s) && looksLikeWIF(s) {
		k, compressed, net, werr := btcaddr.ParseWIF(s)
		switch {
		case werr == nil:
			return k.Bytes(), &wifKey{compressed, net}, nil
		case errors.Is(werr, secp256k1.ErrPrivateKey):
			return nil, nil, fmt.Errorf("%s: the WIF's key is zero or not less than the group order n", label)
		}
		return nil, nil, fmt.Errorf("%s: WIF: %s", label, strings.TrimPrefix(werr.Error(), btcaddr.ErrWIF.Error()+": "))
	}
	return nil, nil, err
}

// looksLikeWIF reports whether s, which is not hex, has the length and
// first character of a WIF (5, K or L on mainnet, 9 or c on the test
// networks), so that its error is a WIF's rather than a hex one.
func looksLikeWIF(s string) bool {
	return (len(s) == 51 || len(s) == 52) && strings.ContainsRune("5KL9c", rune(s[0]))
}

// argError is the error for the argument called label whose input the
// library rejected with err: "label: reason", the reason being err's text
// without the package's prefix and without words that repeat the label
// ("btcaddr: invalid address: not bech32" gives "address: not bech32",
// "bip32: extended key checksum mismatch" "extended key: checksum
// mismatch").
func argError(label string, err error) error {
	msg := err.Error()
	if pkg, rest, ok := strings.Cut(msg, ": "); ok && !strings.Contains(pkg, " ") {
		msg = rest
	}
	for _, p := range []string{"invalid " + label + ": ", "malformed " + label + ": ", label + ": ", label + " "} {
		if rest, ok := strings.CutPrefix(msg, p); ok {
			msg = rest
			break
		}
	}
	msg = strings.Replace(msg, "unknown "+label+" ", "unknown ", 1)
	return fmt.Errorf("%s: %s", label, msg)
}

// reporter prints the errors of a command: one line on standard error
// and, for a command line with -json, the same text as {"error": "..."} on
// standard output, so that a program reading the JSON sees it too.
type reporter struct {
	stdout, stderr io.Writer
	json           bool
}

// fail reports the error line made from format and a, and returns code.
func (r *reporter) fail(code int, format string, a ...any) int {
	msg := fmt.Sprintf(format, a...)
	fprintf(r.stderr, "%s\n", msg)
	if r.json {
		json.NewEncoder(r.stdout).Encode(struct {
			Error string `json:"error"`
		}{msg})
	}
	return code
}

// wantsJSON reports whether argv, up to "--", has a -json flag: whether
// an error in parsing the flags is printed as JSON too.
func wantsJSON(argv []string) bool {
	for _, a := range argv {
		switch strings.TrimPrefix(a, "-") {
		case "-":
			return false
		case "json", "-json", "json=true", "-json=true":
			return true
		}
	}
	return false
}

// subcommand is a command of a group (message, halfagg) as runGroup runs
// it.
type subcommand interface {
	execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int
	usage(w io.Writer)
}

// runGroup runs "secp256k1 <group> …" and returns the exit status: the
// group's help, or the command named by args[0] that find returns (nil if
// there is none); want lists the command names for the errors ("sign or
// verify").
func runGroup(group, usage, want string, args []string, find func(string) subcommand, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fprintf(stderr, "secp256k1 %s: want %s (see secp256k1 %s -h)\n", group, want, group)
		return exitUsage
	}
	if args[0] == "help" || isHelp(args[0]) {
		return groupHelp(group, usage, args[1:], func(name string) func(io.Writer) {
			if c := find(name); c != nil {
				return c.usage
			}
			return nil
		}, stdout, stderr)
	}
	if c := find(args[0]); c != nil {
		return c.execute(args[1:], stdin, stdout, stderr)
	}
	fprintf(stderr, "secp256k1 %s: unknown command %q: want %s\n", group, args[0], want)
	return exitUsage
}

// helpAsked reports whether argv, up to "--", asks for a command's help
// (-h, -help, --help).
func helpAsked(argv []string) bool {
	for _, a := range argv {
		if a == "--" {
			return false
		}
		if isHelp(a) {
			return true
		}
	}
	return false
}

// defineOtherFlags defines in fs, stored nowhere, every top-level flag it
// does not define yet, so that parsing accepts them and foreignFlag can name
// one the command does not take.
func defineOtherFlags(fs *flag.FlagSet) {
	for _, f := range flagDefs {
		if fs.Lookup(f.name) == nil {
			f.define(fs, new(options))
		}
	}
}

// foreignFlag returns an error naming a flag set in fs (which defines
// every command's flags) that is not one of own, the flags of the command
// name, or nil.
func foreignFlag(fs *flag.FlagSet, name string, own []string) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && !slices.Contains(own, f.Name) {
			err = fmt.Errorf("-%s is not a flag of %s, which takes -%s", f.Name, name, strings.Join(own, " -"))
		}
	})
	return err
}

// flagsAfterArgs returns the hint for an argument that looks like a flag
// after the arguments, or "".
func flagsAfterArgs(args []string) string {
	if slices.ContainsFunc(args, func(a string) bool { return len(a) > 1 && a[0] == '-' }) {
		return " (flags go before the arguments)"
	}
	return ""
}
