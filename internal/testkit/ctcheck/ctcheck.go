// Package ctcheck checks, for tests, that the machine code of constant-time
// functions has no branch that could depend on a secret. It is imported only
// by _test.go files (the nojump tests of internal/field, internal/scalar,
// internal/group, internal/safegcd and the root package);
// docs/constant-time.md, "Disassembly checks", states the rules.
//
// For Go code, CheckCompiled builds the package into an archive, disassembles
// it with `go tool objdump -S` (amd64) and looks at every conditional jump of
// the listed functions. A conditional jump is accepted only if
//
//   - its target is a call to runtime.panic* or runtime.morestack*: a bounds
//     check or the stack check of the prologue, taken only to panic or to
//     grow the stack, so of fixed direction in a run that does not panic
//     (and the stack depth is public); or
//   - its source line is a declaration without a value (var x [16]T): the
//     compiler clears large variables with a loop whose count is the size
//     of the type; or
//   - its source line contains one of the function's Public conditions: a
//     loop bound, a flag or a length that the caller's constant-time
//     argument names as public, each written in the test's table with the
//     reason.
//
// A computed jump (JMP through a register or memory, as a switch's jump
// table) is never accepted. Conditional moves (CMOVcc) and SETcc are not
// jumps and are fine.
//
// For Go assembly, CheckAssembly reads the .s source: in the listed TEXT
// blocks, a conditional jump is accepted only if the instruction just
// before it sets the flags from one of the named public arguments (such as
// the backend flag or a repetition count), and no memory operand uses an
// index register.
package ctcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Func is a function to check and the source conditions of its public
// branches.
type Func struct {
	// Name is the symbol after its package path's last slash, as objdump
	// prints it: "field.(*Element).Select", "ecmult.combMult".
	Name string
	// Public lists substrings of source lines whose conditional jumps are
	// public; each entry of the tests' tables says why in a comment.
	Public []string
}

// inst is one disassembled instruction.
type inst struct {
	addr   uint64
	op     string // mnemonic
	args   string // operands, with any relocation annotation
	source string // the source line it was compiled from (objdump -S)
	pos    string // file:line
}

// isCondJump reports whether op is a conditional jump.
func isCondJump(op string) bool {
	return strings.HasPrefix(op, "J") && op != "JMP"
}

// callee returns the symbol a CALL instruction calls, from its relocation.
func (in *inst) callee() string {
	if in.op != "CALL" {
		return ""
	}
	_, after, ok := strings.Cut(in.args, "R_CALL:")
	if !ok {
		return ""
	}
	return strings.Fields(after)[0]
}

// target returns the address a direct jump goes to, and false for a
// computed jump.
func (in *inst) target() (uint64, bool) {
	f := strings.Fields(in.args)
	if len(f) == 0 || !strings.HasPrefix(f[0], "0x") {
		return 0, false
	}
	a, err := strconv.ParseUint(f[0][2:], 16, 64)
	return a, err == nil
}

// run runs a command in dir and returns its standard output.
func run(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}

// textLine matches the header objdump prints for each function. The name
// of a generic instantiation may hold spaces (a struct shape:
// "F[go.shape.struct { A int }]").
var textLine = regexp.MustCompile(`^TEXT (.+)\(SB\)`)

// disassemble builds the package in dir with the go command gocmd and
// returns the instructions of every function, by short name (see
// Func.Name).
func disassemble(gocmd, dir string) (map[string][]inst, error) {
	tmp, err := os.MkdirTemp("", "ctcheck")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	archive := filepath.Join(tmp, "pkg.a")
	if _, err := run(dir, gocmd, "build", "-o", archive, "."); err != nil {
		return nil, err
	}
	withSource, err := run(dir, gocmd, "tool", "objdump", "-S", archive)
	if err != nil {
		return nil, err
	}
	plain, err := run(dir, gocmd, "tool", "objdump", archive)
	if err != nil {
		return nil, err
	}

	// Positions by address, from the plain listing ("  file.go:12  0x...").
	pos := make(map[uint64]string)
	for sc := bufio.NewScanner(bytes.NewReader(plain)); sc.Scan(); {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && strings.HasPrefix(f[1], "0x") {
			if a, err := strconv.ParseUint(f[1][2:], 16, 64); err == nil {
				pos[a] = f[0]
			}
		}
	}

	funcs := make(map[string][]inst)
	var name, source string
	sc := bufio.NewScanner(bytes.NewReader(withSource))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := textLine.FindStringSubmatch(line); m != nil {
			path, _, _ := strings.Cut(m[1], "[") // the type arguments hold slashes too
			name = m[1][strings.LastIndex(path, "/")+1:]
			source = ""
			continue
		}
		if !strings.HasPrefix(line, "  0x") {
			source = strings.TrimSpace(line)
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 || name == "" {
			continue
		}
		a, err := strconv.ParseUint(f[0][2:], 16, 64)
		if err != nil {
			continue
		}
		in := inst{addr: a, op: f[2], source: source, pos: pos[a]}
		if len(f) > 3 {
			in.args = strings.Join(f[3:], " ")
		}
		funcs[name] = append(funcs[name], in)
	}
	return funcs, sc.Err()
}

// toPanic reports whether the code at addr calls runtime.panic* or
// runtime.morestack* before any other control transfer.
func toPanic(code []inst, addr uint64) bool {
	i := 0
	for i < len(code) && code[i].addr != addr {
		i++
	}
	for n := 0; i < len(code) && n < 24; i, n = i+1, n+1 {
		in := &code[i]
		if c := in.callee(); c != "" {
			return strings.HasPrefix(c, "runtime.panic") || strings.HasPrefix(c, "runtime.morestack")
		}
		if strings.HasPrefix(in.op, "J") || in.op == "RET" {
			return false
		}
	}
	return false
}

// Jumps counts the accepted conditional jumps of a function.
type Jumps struct {
	Checks int // to a runtime panic or stack growth
	Public int // on a listed public condition
}

// Compiled disassembles the package in dir with the go command gocmd and
// returns a description of every conditional or computed jump of funcs that
// the package comment's rules do not accept, and the accepted ones counted
// by function. The rules are for amd64.
func Compiled(gocmd, dir string, funcs []Func) (bad []string, ok map[string]Jumps, err error) {
	all, err := disassemble(gocmd, dir)
	if err != nil {
		return nil, nil, err
	}
	ok = make(map[string]Jumps)
	for _, fn := range funcs {
		code, found := all[fn.Name]
		if !found {
			bad = append(bad, fmt.Sprintf("%s: no such function in the archive (renamed? update the table)", fn.Name))
			continue
		}
		for i := range code {
			in := &code[i]
			switch {
			case in.op == "JMP":
				if _, direct := in.target(); !direct && !strings.Contains(in.args, "(SB)") {
					bad = append(bad, fmt.Sprintf("%s: %s: computed jump %s %s (source: %q)", fn.Name, in.pos, in.op, in.args, in.source))
				}
			case isCondJump(in.op):
				j := ok[fn.Name]
				if a, direct := in.target(); direct && toPanic(code, a) {
					j.Checks++
					ok[fn.Name] = j
					continue
				}
				if zeroing(in.source) || public(in.source, fn.Public) {
					j.Public++
					ok[fn.Name] = j
					continue
				}
				bad = append(bad, fmt.Sprintf("%s: %s: conditional jump %s %s from %q, not a bounds or stack check nor a listed public condition",
					fn.Name, in.pos, in.op, in.args, in.source))
			}
		}
	}
	return bad, ok, nil
}

// CheckCompiled runs Compiled on the package in dir (normally ".") and
// reports each rejected jump as a test error. It skips the test if the go
// command is not in PATH. The caller's file carries //go:build amd64.
func CheckCompiled(t *testing.T, dir string, funcs []Func) {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not in PATH")
	}
	bad, ok, err := Compiled(gocmd, dir, funcs)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
	for _, fn := range funcs {
		if j := ok[fn.Name]; j != (Jumps{}) {
			t.Logf("%s: %d bounds or stack checks, %d public branches", fn.Name, j.Checks, j.Public)
		}
	}
	t.Logf("%d functions checked", len(funcs))
}

// zeroing reports whether source declares variables without a value, whose
// only code is the compiler's clearing of their memory.
func zeroing(source string) bool {
	return strings.HasPrefix(source, "var ") && !strings.Contains(source, "=")
}

func public(source string, conds []string) bool {
	for _, c := range conds {
		if strings.Contains(source, c) {
			return true
		}
	}
	return false
}

// indexed matches a memory operand with an index register, (R)(R*s).
var indexed = regexp.MustCompile(`\)\([A-Z0-9]+\*[1248]\)`)

// Assembly checks the TEXT blocks of the Go assembly source src named in
// fns: every conditional jump must directly follow an instruction whose
// operands name one of the public arguments (as "adx+24(FP)"; publicArgs
// holds the names, "adx"), and no memory operand may use an index register.
// Unconditional jumps (a loop's or a tail call's JMP) are allowed. It
// returns a description of each violation, and the number of conditional
// jumps accepted in each function.
func Assembly(src []byte, fns []string, publicArgs []string) (bad []string, jumps map[string]int) {
	argRef := regexp.MustCompile(`\b(` + strings.Join(publicArgs, "|") + `)\+\d+\(FP\)`)
	jumps = make(map[string]int)
	for _, fn := range fns {
		_, body, ok := strings.Cut(string(src), "TEXT ·"+fn+"(SB)")
		if !ok {
			bad = append(bad, fmt.Sprintf("no TEXT ·%s", fn))
			continue
		}
		body, _, _ = strings.Cut(body, "\nTEXT ")
		prev := ""
		for _, line := range strings.Split(body, "\n") {
			code, _, _ := strings.Cut(line, "//")
			f := strings.Fields(code)
			if len(f) == 0 || strings.HasSuffix(f[0], ":") {
				continue // blank, comment or label
			}
			if indexed.MatchString(code) {
				bad = append(bad, fmt.Sprintf("%s: indexed memory operand: %s", fn, strings.TrimSpace(code)))
			}
			if isCondJump(f[0]) {
				if argRef.MatchString(prev) {
					jumps[fn]++
				} else {
					bad = append(bad, fmt.Sprintf("%s: %s follows %q, which does not test a public argument (%s)",
						fn, strings.TrimSpace(code), strings.TrimSpace(prev), strings.Join(publicArgs, ", ")))
				}
			}
			prev = code
		}
	}
	return bad, jumps
}

// CheckAssembly runs Assembly on the file path and reports each violation
// as a test error.
func CheckAssembly(t *testing.T, path string, fns []string, publicArgs []string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad, jumps := Assembly(src, fns, publicArgs)
	for _, b := range bad {
		t.Errorf("%s: %s", path, b)
	}
	for _, fn := range fns {
		t.Logf("%s: %d conditional jumps, on public arguments", fn, jumps[fn])
	}
}
