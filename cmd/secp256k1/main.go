// Command secp256k1 is Kestrel's command-line tool: keys, ECDSA and BIP-340
// signatures, recovery, ECDH and BIP-324's ElligatorSwift from a shell, with
// hex in and hex out, and the benchmark table of libsecp256k1's bench tools.
//
//	secp256k1 keygen | pubkey | sign | verify | recover | ecdh |
//	          schnorr-sign | schnorr-verify |
//	          ellswift-create | ellswift-encode | ellswift-decode | ellswift-xdh |
//	          address | hd derive | hd neuter | message sign | message verify |
//	          halfagg aggregate | halfagg verify | bench | version
//
// Every argument is hex, with or without 0x (but a choice of words such as
// the role of ellswift-xdh, the extended keys and paths of the hd commands,
// and the address, message and base64 signature of the message commands;
// the halfagg commands read lines of hex from a file or standard input); a
// private key may also be a WIF. "-" reads the argument from standard
// input. Exit status: 0 success (a valid signature), 1 an invalid signature
// (false from verify or schnorr-verify, no key from recover), 2 a usage or
// input error (one line on standard error that says what is wrong). Each
// command takes only the flags it can use. -json prints one JSON object:
// hex strings, and a boolean for a verdict; an error is also printed as
// {"error": "..."}. "secp256k1 <command> -h" and "secp256k1 help
// <command>" print a command's help.
package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		io.WriteString(stderr, usage)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) == 1 {
			io.WriteString(stdout, usage)
			return exitOK
		}
		switch args[1] {
		case "hd":
			return runHD(append([]string{"help"}, args[2:]...), stdin, stdout, stderr)
		case "message":
			return runMessage(append([]string{"help"}, args[2:]...), stdin, stdout, stderr)
		case "halfagg":
			return runHalfagg(append([]string{"help"}, args[2:]...), stdin, stdout, stderr)
		}
		if len(args) > 2 {
			fprintf(stderr, "secp256k1 help: want at most one command, got %d\n", len(args)-1)
			return exitUsage
		}
		if args[1] == "bench" {
			io.WriteString(stdout, benchUsage)
			return exitOK
		}
		for _, c := range commands {
			if c.name == args[1] {
				c.usage(stdout)
				return exitOK
			}
		}
		fprintf(stderr, "secp256k1 help: unknown command %q (see secp256k1 help)\n", args[1])
		return exitUsage
	case "--version", "-version":
		name = "version"
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "hd":
		return runHD(args[1:], stdin, stdout, stderr)
	case "message":
		return runMessage(args[1:], stdin, stdout, stderr)
	case "halfagg":
		return runHalfagg(args[1:], stdin, stdout, stderr)
	}
	for _, c := range commands {
		if c.name == name {
			return c.execute(args[1:], stdin, stdout, stderr)
		}
	}
	fprintf(stderr, "secp256k1: unknown command %q (see secp256k1 help)\n", name)
	return exitUsage
}
