package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kestrel-crypto/secp256k1/halfagg"
	"github.com/kestrel-crypto/secp256k1/schnorr"
)

// The halfagg commands: half-aggregation of BIP-340 signatures (package
// halfagg). They read their signatures from a file or standard input, one
// a line, so they have their own dispatcher, with the conventions of the
// other commands: flags before the arguments, -json, one line on standard
// error for an error, exit 0 (valid), 1 (invalid) or 2 (usage or input).

const halfaggUsage = `usage: secp256k1 halfagg aggregate [flags] [file]
       secp256k1 halfagg verify [flags] <aggregate|@file> [file]

Half-aggregation of BIP-340 signatures, as secp256k1-zkp's schnorrsig_halfagg
module and the draft BIP do it: n signatures (64·n bytes) become one
aggregate of 32·(n+1) bytes, which checks them all against their keys and
messages.

Input: one signature a line, from file or (without one, or "-") standard
input, three hex fields separated by spaces or tabs:

  <pubkey> <message> <signature>

a 32-byte x-only public key (schnorr-sign -xonly prints it), a 32-byte
message and a 64-byte BIP-340 signature. Blank lines and lines starting
with # are skipped. verify reads the same lines without the signature
("<pubkey> <message>"; a third field is ignored, so aggregate's input
serves as it is), in the order in which they were aggregated.

Run "secp256k1 halfagg aggregate -h" or "secp256k1 help halfagg verify" for
a command's flags.
`

// halfaggCommand is a subcommand of halfagg.
type halfaggCommand struct {
	name, args, help string
	minArgs          int // the required arguments; one more, the file, is optional
	run              func(c *halfaggContext) (*halfaggResult, error)
}

// halfaggContext is what a halfagg command's action sees.
type halfaggContext struct {
	json  bool
	args  []string
	stdin io.Reader
}

var halfaggCommands = []halfaggCommand{
	{name: "aggregate", args: "[file]",
		help: `Prints the aggregate of the signatures of the input lines, in hex:
32·(n+1) bytes for n lines, 32 zero bytes for none. It checks that each key
is a valid x-only key, but it does not verify the signatures, as neither
secp256k1-zkp nor the draft does: the aggregate of an invalid signature
does not verify (and two invalid signatures can make a valid aggregate:
verify each one first if that matters). At most 65535 signatures.`,
		run: halfaggAggregate},
	{name: "verify", args: "<aggregate|@file> [file]", minArgs: 1,
		help: `Verifies an aggregate signature (hex; or @path, a file that holds the hex,
for an aggregate too long for a command line) against the pubkey and
message of each input line, in order. Prints true and exits 0 if it is
valid; prints false and exits 1, with the reason on standard error, if it
is not. A malformed line, a key that is not a valid x-only key, or an
aggregate whose length is not 32·(n+1) bytes for n lines exits 2.`,
		run: halfaggVerify},
}

// halfaggResult is the output of a halfagg command.
type halfaggResult struct {
	Aggregate  hexBytes `json:"aggregate,omitempty"`
	Signatures int      `json:"signatures"`
	Valid      *bool    `json:"valid,omitempty"`

	reason string // why an aggregate is invalid, for standard error
}

func (r *halfaggResult) text(w io.Writer) {
	if r.Aggregate != nil {
		fprintf(w, "%x\n", []byte(r.Aggregate))
	}
	if r.Valid != nil {
		fprintf(w, "%t\n", *r.Valid)
	}
}

// runHalfagg runs "secp256k1 halfagg …" and returns the exit status.
func runHalfagg(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runGroup("halfagg", halfaggUsage, "aggregate or verify", args, func(name string) subcommand {
		for i := range halfaggCommands {
			if halfaggCommands[i].name == name {
				return &halfaggCommands[i]
			}
		}
		return nil
	}, stdin, stdout, stderr)
}

// newFlagSet returns the command's flag set (-json), with, if all is set,
// the other commands' flags too, stored nowhere, so that the error can name
// a flag the command does not take.
func (hc *halfaggCommand) newFlagSet(c *halfaggContext, all bool) *flag.FlagSet {
	fs := flag.NewFlagSet("halfagg "+hc.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.BoolVar(&c.json, "json", false, "print JSON: the aggregate (hex) or the verdict (valid), and the number of signatures")
	if all {
		defineOtherFlags(fs)
	}
	return fs
}

func (hc *halfaggCommand) usage(w io.Writer) {
	fprintf(w, "usage: secp256k1 halfagg %s [flags] %s\n\n%s\n\nflags:\n", hc.name, hc.args, hc.help)
	fs := hc.newFlagSet(new(halfaggContext), false)
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// execute parses the command's flags and arguments, runs it and prints the
// result, as the other commands do.
func (hc *halfaggCommand) execute(argv []string, stdin io.Reader, stdout, stderr io.Writer) int {
	name := "halfagg " + hc.name
	if helpAsked(argv) {
		hc.usage(stdout)
		return exitOK
	}
	c := &halfaggContext{stdin: stdin}
	r := &reporter{stdout: stdout, stderr: stderr, json: wantsJSON(argv)}
	fs := hc.newFlagSet(c, true)
	err := fs.Parse(argv)
	if err == nil {
		r.json = c.json
		err = foreignFlag(fs, name, []string{"json"})
	}
	if err != nil {
		return r.fail(exitUsage, "secp256k1 %s: %v (see secp256k1 %s -h)", name, err, name)
	}
	if n := fs.NArg(); n < hc.minArgs || n > hc.minArgs+1 {
		return r.fail(exitUsage, "secp256k1 %s: want arguments %s, got %d%s", name, hc.args, n, flagsAfterArgs(fs.Args()))
	}
	c.args = fs.Args()
	out, err := hc.run(c)
	if err != nil {
		return r.fail(exitUsage, "secp256k1 %s: %v", name, err)
	}
	if c.json {
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

// readSignatures reads the input lines of the file named by c.args[i] (or
// standard input, if there is none or it is "-"): the items, with a nil
// Signature where withSig is false. Each key must be a valid x-only key.
func (c *halfaggContext) readSignatures(i int, withSig bool) ([]halfagg.Item, error) {
	in, src := c.stdin, "standard input"
	if i < len(c.args) && c.args[i] != "-" {
		f, err := os.Open(c.args[i])
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, src = f, c.args[i]
	}
	want := 2
	if withSig {
		want = 3
	}
	var items []halfagg.Item
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) < want || len(f) > 3 {
			return nil, fmt.Errorf("line %d: want %d hex fields (%s), got %d", n, want, strings.Join([]string{"<pubkey>", "<message>", "<signature>"}[:want], " "), len(f))
		}
		it, err := parseLine(f[:want])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if len(items) == halfagg.MaxSignatures {
			return nil, fmt.Errorf("line %d: more than %d signatures", n, halfagg.MaxSignatures)
		}
		items = append(items, it)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %v", src, err)
	}
	return items, nil
}

// parseLine decodes the fields of one line: key, message and, if there are
// three, the signature.
func parseLine(f []string) (halfagg.Item, error) {
	var it halfagg.Item
	labels := []string{"pubkey", "message", "signature"}
	lengths := []int{32, 32, 64}
	dst := []*[]byte{&it.PublicKey, &it.Message, &it.Signature}
	for j, s := range f {
		b, err := decodeHex(labels[j], s)
		if err != nil {
			return it, err
		}
		if len(b) != lengths[j] {
			return it, wrongLength(labels[j], b, lengths[j])
		}
		*dst[j] = b
	}
	if _, err := schnorr.ParsePublicKey(it.PublicKey); err != nil {
		return it, explainInput("pubkey", it.PublicKey, err)
	}
	return it, nil
}

func halfaggAggregate(c *halfaggContext) (*halfaggResult, error) {
	items, err := c.readSignatures(0, true)
	if err != nil {
		return nil, err
	}
	agg, err := halfagg.Aggregate(items)
	if err != nil {
		return nil, err
	}
	return &halfaggResult{Aggregate: agg, Signatures: len(items)}, nil
}

func halfaggVerify(c *halfaggContext) (*halfaggResult, error) {
	arg, label := c.args[0], "aggregate"
	if path, ok := strings.CutPrefix(arg, "@"); ok {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("aggregate: %v", err)
		}
		arg, label = strings.TrimSpace(string(b)), "aggregate in "+path
	}
	agg, err := decodeHex(label, arg)
	if err != nil {
		return nil, err
	}
	items, err := c.readSignatures(1, false)
	if err != nil {
		return nil, err
	}
	n := len(items)
	if len(agg) != 32*(n+1) {
		return nil, fmt.Errorf("%s: want 32·(n+1) = %d bytes for n = %d signatures, got %s", label, 32*(n+1), n, byteCount(len(agg)))
	}
	err = halfagg.VerifyAggregate(agg, halfagg.Pairs(items))
	valid := err == nil
	switch {
	case valid:
		return &halfaggResult{Signatures: n, Valid: &valid}, nil
	case errors.Is(err, halfagg.ErrInvalid):
		return &halfaggResult{Signatures: n, Valid: &valid, reason: strings.TrimPrefix(err.Error(), "halfagg: ")}, nil
	}
	return nil, err
}
