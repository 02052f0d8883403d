package main

import (
	"bufio"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"

	"golang.org/x/sys/unix"
)

// Env describes the run, for the table, the CSV, the chart and the page.
type Env struct {
	Date     string // YYYY-MM-DD
	Host     string // the host name
	CPU      string // model name from /proc/cpuinfo
	Go       string // runtime.Version()
	Arch     string
	Affinity string // "pinned to CPU 1" when pinned, else "n CPUs"
	Procs    int    // GOMAXPROCS
	Commit   string // Kestrel's commit, "+modified" if the tree was not clean
	Timing   timing
}

func newEnv(t timing) Env {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown"
	}
	return Env{
		Date:     time.Now().Format("2006-01-02"),
		Host:     host,
		CPU:      cpuModel(),
		Go:       runtime.Version(),
		Arch:     runtime.GOARCH,
		Affinity: affinity(),
		Procs:    runtime.GOMAXPROCS(0),
		Commit:   kestrelCommit(),
		Timing:   t,
	}
}

// kestrelCommit returns the commit of the Kestrel tree that was measured:
// this module replaces Kestrel by ../.., so it is the commit of the
// repository that holds both, as the go command stamped it into a built
// binary, or else as git reports it for the working directory (go run
// and go test stamp nothing). It is "unknown" if neither knows.
func kestrelCommit() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			rev = rev[:min(len(rev), 7)]
			if modified == "true" {
				rev += "+modified"
			}
			return rev
		}
	}
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	rev := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err != nil || len(st) > 0 {
		rev += "+modified"
	}
	return rev
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if k, v, ok := strings.Cut(s.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.Join(strings.Fields(v), " ")
		}
	}
	return "unknown CPU"
}

func affinity() string {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return "?"
	}
	if set.Count() == 1 {
		for i := range 1024 {
			if set.IsSet(i) {
				return fmt.Sprintf("pinned to CPU %d", i)
			}
		}
	}
	return fmt.Sprintf("%d CPUs", set.Count())
}

// String is the one-line description of the run.
func (e Env) String() string {
	return fmt.Sprintf("%s, host %s, %s, %s %s, GOMAXPROCS=%d, %s, Kestrel %s",
		e.Date, e.Host, e.CPU, e.Go, e.Arch, e.Procs, e.Affinity, e.Commit)
}

// rough reports whether the run was too short for its figures to mean
// much (-quick, or a few rounds of short batches).
func (t timing) rough() bool {
	return t.rounds < 50 || t.batch < 5*time.Millisecond
}

// lookup returns the result of lib for op, or nil.
func lookup(results []Result, op, lib string) *Result {
	for i := range results {
		if results[i].Op == op && results[i].Lib == lib {
			return &results[i]
		}
	}
	return nil
}

// labelOf returns the label of the library named name.
func labelOf(libs []*Lib, name string) string {
	for _, l := range libs {
		if l.Name == name {
			return l.Label
		}
	}
	return name
}

// writeTable writes the run's description and the results as two Markdown
// tables (writeTables).
func writeTable(w io.Writer, env Env, libs []*Lib, results []Result) {
	fmt.Fprintf(w, "%s; %d rounds, batches of about %v of CPU time per library and round.\n\n", env, env.Timing.rounds, env.Timing.batch)
	writeTables(w, libs, results)
}

// writeTables writes the results as two Markdown tables: medians with the
// ratio to the reference, then minimum and median of every measurement.
func writeTables(w io.Writer, libs []*Lib, results []Result) {
	fmt.Fprint(w, "| operation |")
	for _, l := range libs {
		fmt.Fprintf(w, " %s |", l.Label)
	}
	fmt.Fprint(w, "\n|---|")
	for range libs {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w)
	var notes []string
	for _, op := range ops {
		var row []Result
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				row = append(row, *r)
			}
		}
		if len(row) == 0 {
			continue
		}
		name := op.Name
		if ref := row[0].Ref; ref != primaryRef(libs) {
			note := "relative to " + labelOf(libs, ref)
			k := indexOf(notes, note)
			if k < 0 {
				notes = append(notes, note)
				k = len(notes) - 1
			}
			name += " " + superscript(k+1)
		}
		fmt.Fprintf(w, "| %s |", name)
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				fmt.Fprintf(w, " %s (%s) |", formatDuration(r.Median), formatRatio(r.Ratio))
			} else {
				fmt.Fprint(w, " — |")
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nEach cell: median CPU time per operation (ratio to %s's median). — : the library does not offer it.\n", labelOf(libs, primaryRef(libs)))
	for k, n := range notes {
		fmt.Fprintf(w, "%s %s (%s).\n", superscript(k+1), n, missingRef(libs))
	}
	fmt.Fprint(w, "\n| operation | library | min | median | median ratio | min ratio |\n|---|---|---:|---:|---:|---:|\n")
	for _, op := range ops {
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", op.Name, l.Label, formatDuration(r.Min), formatDuration(r.Median),
					formatRatio(r.Ratio), formatRatio(r.RatioLo))
			}
		}
	}
}

// primaryRef returns the name of the reference of most rows: the first
// library of refOrder that is measured.
func primaryRef(libs []*Lib) string {
	for _, name := range refOrder {
		if find(libs, name) != nil {
			return name
		}
	}
	return ""
}

// missingRef says why a row has another reference than primaryRef.
func missingRef(libs []*Lib) string {
	return labelOf(libs, primaryRef(libs)) + " does not have the operation"
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func superscript(k int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, c := range strconv.Itoa(k) {
		b.WriteString(string([]rune(digits)[c-'0']))
	}
	return b.String()
}

// formatRatio prints a ratio with two or three significant digits.
func formatRatio(r float64) string {
	switch {
	case r >= 9.95:
		return fmt.Sprintf("%.0f×", r)
	default:
		return fmt.Sprintf("%.2f×", r)
	}
}

// csvHeader is the first line of compare.csv. The columns from date on
// describe the run and repeat on every line; about is the library's.
var csvHeader = []string{"operation", "library", "label", "min_ns", "median_ns", "ratio_median", "ratio_min", "reference",
	"rounds", "ops_per_round", "date", "go", "cpu", "arch", "gomaxprocs", "affinity", "host", "commit", "batch", "about"}

// writeCSV writes one line per operation and library.
func writeCSV(w io.Writer, env Env, libs []*Lib, results []Result) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	r4 := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	for _, op := range ops {
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				cw.Write([]string{r.Op, r.Lib, l.Label, f(r.Min), f(r.Median), r4(r.Ratio), r4(r.RatioLo), r.Ref,
					strconv.Itoa(r.Rounds), strconv.Itoa(r.Iters), env.Date, env.Go, env.CPU,
					env.Arch, strconv.Itoa(env.Procs), env.Affinity, env.Host, env.Commit, env.Timing.batch.String(), l.About})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// readCSV reads what writeCSV wrote: the run, its libraries (name, label
// and about only: nothing to call) in the table's order, and the results.
func readCSV(r io.Reader) (Env, []*Lib, []Result, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // checked below, after the header
	records, err := cr.ReadAll()
	if err != nil {
		return Env{}, nil, nil, err
	}
	if len(records) < 2 || strings.Join(records[0], ",") != strings.Join(csvHeader, ",") {
		return Env{}, nil, nil, fmt.Errorf("want the header %s and at least one line", strings.Join(csvHeader, ","))
	}
	var (
		env     Env
		byName  = map[string]*Lib{}
		results []Result
	)
	for i, rec := range records[1:] {
		line := i + 2
		bad := func(format string, args ...any) error {
			return fmt.Errorf("line %d: "+format, append([]any{line}, args...)...)
		}
		if len(rec) != len(csvHeader) {
			return Env{}, nil, nil, bad("%d fields, want %d", len(rec), len(csvHeader))
		}
		var (
			res  = Result{Op: rec[0], Lib: rec[1], Ref: rec[7]}
			e    Env
			errs []error
		)
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			errs = append(errs, err)
			return v
		}
		integer := func(s string) int {
			v, err := strconv.Atoi(s)
			errs = append(errs, err)
			return v
		}
		res.Min, res.Median, res.Ratio, res.RatioLo = num(rec[3]), num(rec[4]), num(rec[5]), num(rec[6])
		res.Rounds, res.Iters = integer(rec[8]), integer(rec[9])
		e.Date, e.Go, e.CPU, e.Arch = rec[10], rec[11], rec[12], rec[13]
		e.Procs, e.Affinity, e.Host, e.Commit = integer(rec[14]), rec[15], rec[16], rec[17]
		batch, err := time.ParseDuration(rec[18])
		errs = append(errs, err)
		e.Timing = timing{rounds: res.Rounds, batch: batch}
		for _, err := range errs {
			if err != nil {
				return Env{}, nil, nil, bad("%v", err)
			}
		}
		if i == 0 {
			env = e
		} else if e != env {
			return Env{}, nil, nil, bad("another run (%s; %d rounds of %v) than line 2's (%s; %d rounds of %v)",
				e, e.Timing.rounds, e.Timing.batch, env, env.Timing.rounds, env.Timing.batch)
		}
		if !slices.ContainsFunc(ops, func(op Op) bool { return op.Name == res.Op }) {
			return Env{}, nil, nil, bad("unknown operation %q", res.Op)
		}
		if !slices.Contains(libNames, res.Lib) || !slices.Contains(libNames, res.Ref) {
			return Env{}, nil, nil, bad("unknown library %q or reference %q", res.Lib, res.Ref)
		}
		if lookup(results, res.Op, res.Lib) != nil {
			return Env{}, nil, nil, bad("a second line for %s and %s", res.Op, res.Lib)
		}
		lib := &Lib{Name: res.Lib, Label: rec[2], About: rec[19]}
		if l := byName[lib.Name]; l == nil {
			byName[lib.Name] = lib
		} else if l.Label != lib.Label || l.About != lib.About {
			return Env{}, nil, nil, bad("%s is %q (%s) here and %q (%s) before", lib.Name, lib.Label, lib.About, l.Label, l.About)
		}
		results = append(results, res)
	}
	var libs []*Lib
	for _, name := range libNames {
		if l := byName[name]; l != nil {
			libs = append(libs, l)
		}
	}
	return env, libs, results, nil
}

// pageText is the text of docs/compare.md around the figures, with the
// place holders {{.Rows}} and {{.Results}}.
//
//go:embed page.md.in
var pageText string

var pageTemplate = template.Must(template.New("page.md.in").Option("missingkey=error").Parse(pageText))

// writePage writes the whole page, docs/compare.md: page.md.in with the
// definition of every row and the run's results (beside compare.svg and
// compare.csv) in its place holders.
func writePage(w io.Writer, env Env, libs []*Lib, results []Result) error {
	var rows strings.Builder
	rows.WriteString("| row | measured |\n|---|---|\n")
	for _, op := range ops {
		fmt.Fprintf(&rows, "| %s | %s |\n", op.Name, op.What)
	}

	var res strings.Builder
	fmt.Fprintf(&res, "- date: %s\n- Kestrel: commit %s\n- host: %s\n- CPU: %s\n", env.Date, env.Commit, env.Host, env.CPU)
	fmt.Fprintf(&res, "- Go: %s %s, GOMAXPROCS=%d, %s\n", env.Go, env.Arch, env.Procs, env.Affinity)
	fmt.Fprintf(&res, "- timing: %d rounds per operation, each library's batch about %v of CPU time per round\n", env.Timing.rounds, env.Timing.batch)
	res.WriteString("- libraries:\n")
	for _, l := range libs {
		fmt.Fprintf(&res, "  - %s: %s\n", l.Label, l.About)
	}
	fmt.Fprintf(&res, "\n![time per operation relative to %s](compare.svg)\n\n", labelOf(libs, primaryRef(libs)))
	writeTables(&res, libs, results)
	res.WriteString("\nThe same figures, one line per operation and library: [compare.csv](compare.csv).\n")

	fmt.Fprint(w, "<!-- Written by bench/compare -md from bench/compare/page.md.in and the run's results: do not edit. -->\n")
	if env.Timing.rough() {
		fmt.Fprint(w, "> **A rough run** (fewer than 50 rounds, or batches shorter than 5 ms): its figures are not for comparison.\n\n")
	}
	return pageTemplate.Execute(w, struct{ Rows, Results string }{rows.String(), res.String()})
}
