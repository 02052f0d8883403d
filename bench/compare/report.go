package main

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Env describes the run, for the table, the CSV and the chart.
type Env struct {
	Date     string // YYYY-MM-DD
	CPU      string // model name from /proc/cpuinfo
	Go       string // runtime.Version()
	Arch     string
	Affinity string // "CPU 1" when pinned, else "n CPUs"
	Procs    int    // GOMAXPROCS
	Timing   timing
}

func newEnv(t timing) Env {
	return Env{
		Date:     time.Now().Format("2006-01-02"),
		CPU:      cpuModel(),
		Go:       runtime.Version(),
		Arch:     runtime.GOARCH,
		Affinity: affinity(),
		Procs:    runtime.GOMAXPROCS(0),
		Timing:   t,
	}
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
	return fmt.Sprintf("%s, %s, %s %s, GOMAXPROCS=%d, %s", e.Date, e.CPU, e.Go, e.Arch, e.Procs, e.Affinity)
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

// writeTable writes the results as two Markdown tables: medians with the
// ratio to the reference, then minimum and median of every measurement.
func writeTable(w io.Writer, env Env, libs []*Lib, results []Result) {
	fmt.Fprintf(w, "%s; %d rounds, batches of about %v of CPU time per library and round.\n\n", env, env.Timing.rounds, env.Timing.batch)
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

// writeCSV writes one line per operation and library.
func writeCSV(w io.Writer, env Env, libs []*Lib, results []Result) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"operation", "library", "label", "min_ns", "median_ns", "ratio_median", "ratio_min", "reference",
		"rounds", "ops_per_round", "date", "go", "cpu"})
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	r4 := func(v float64) string { return strconv.FormatFloat(v, 'f', 4, 64) }
	for _, op := range ops {
		for _, l := range libs {
			if r := lookup(results, op.Name, l.Name); r != nil {
				cw.Write([]string{r.Op, r.Lib, l.Label, f(r.Min), f(r.Median), r4(r.Ratio), r4(r.RatioLo), r.Ref,
					strconv.Itoa(r.Rounds), strconv.Itoa(r.Iters), env.Date, env.Go, env.CPU})
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
