// Package backendtest runs a package's tests once per arithmetic backend
// (assembly and generic Go), so that every backend is tested on every
// machine that can execute it. It is imported only by _test.go files.
package backendtest

import (
	"flag"
	"fmt"
	"testing"
)

// Run runs the tests of package pkg once per name in backends, switching
// with set (which returns a restore function), and returns the exit code for
// os.Exit. forced, from the package's -<pkg>.backend flag, runs only that
// backend; benchmarks, fuzzing and -list run once, with forced or the
// default backend. flag.Parse must have been called.
func Run(m *testing.M, pkg, forced string, backends []string, set func(string) func()) int {
	once := forced != ""
	for _, name := range []string{"test.bench", "test.fuzz", "test.list"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			once = true
		}
	}
	if once {
		if forced != "" {
			defer set(forced)()
		}
		return m.Run()
	}
	code := 0
	for _, b := range backends {
		fmt.Printf("%s: testing the %s backend\n", pkg, b)
		restore := set(b)
		if c := m.Run(); c != 0 {
			code = c
		}
		restore()
	}
	return code
}
