package testdata

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gecmetric/gecmetric/internal/datadir"
)

// Where the shared data comes from, for the report of Main.
const provenance = "it is public GEC data (CoNLL-2014, JFLEG, GUG, GJG15, GMEG, SEEDA, TMU-GFM, ...) read in place from GECMETRIC_DATA or ../shared/data beside the repository; docs/testing.md lists every set and where to get it"

var (
	mu sync.Mutex
	// dataTests holds the name of every test that asked for the shared
	// data in this test binary, and whether it was skipped for want of it.
	dataTests = map[string]bool{}
)

// used notes that t asks for the shared data.
func used(t testing.TB) {
	mu.Lock()
	defer mu.Unlock()
	if _, ok := dataTests[t.Name()]; !ok {
		dataTests[t.Name()] = false
	}
}

// SkipData skips t for want of the shared data, with the message, and
// counts it for the report of Main. Dir and Golden call it; a test that
// finds its data missing by other means calls it too.
func SkipData(t testing.TB, format string, args ...any) {
	t.Helper()
	Skipped(t.Name())
	t.Skipf(format, args...)
}

// Skipped counts the test (or script) name as skipped for want of the
// shared data, for a skip that does not go through SkipData (a
// testscript condition).
func Skipped(name string) {
	mu.Lock()
	defer mu.Unlock()
	dataTests[name] = true
}

// Counts returns how many tests of this test binary asked for the shared
// data so far, and how many of them were skipped for want of it.
func Counts() (asked, skipped int) {
	mu.Lock()
	defer mu.Unlock()
	for _, s := range dataTests {
		asked++
		if s {
			skipped++
		}
	}
	return asked, skipped
}

// Main runs the tests of m and returns the exit status for os.Exit; every
// package whose tests call Dir, Golden or SkipData runs them through it:
//
//	func TestMain(m *testing.M) { os.Exit(testdata.Main(m)) }
//
// `go test ./...` shows nothing of a package whose tests pass, skips
// included, so a fresh clone without the data prints "ok" everywhere.
// Main makes the skips visible: when the last of the module's packages
// that use this package has run, and tests were skipped for want of the
// data, one line, written to the go command's own output (Linux, a
// terminal or a pipe), says how many and where the data comes from:
//
//	gecmetric: 75 tests skipped for want of the shared data (GECMETRIC_DATA=/x is not a folder): it is public GEC data ...
//
// Each test binary writes its counts into a folder of the temporary
// directory named after the go command's process (its id and start time);
// the binary that completes the set of packages (those with a test file
// that imports this package) prints the sum and removes the folder. A
// package answered from the test cache does not run, so a run with cached
// packages prints nothing (go test -count=1 ./... runs them all); `go
// test -v` and a test binary run by hand print the binary's own counts on
// its standard output instead when the go command's output cannot be
// reached, and `go test -json` never gets the line inside its JSON.
func Main(m interface{ Run() int }) int {
	code := m.Run()
	report()
	return code
}

// report prints or records this binary's counts (see Main).
func report() {
	asked, skipped := Counts()
	run, ppid := goRun()
	if run == "" || jsonMode() {
		if skipped > 0 {
			fmt.Println(line(asked, skipped))
		}
		return
	}
	root, mod := moduleRoot()
	pkg, err := filepath.Rel(root, mustGetwd())
	if root == "" || err != nil {
		return
	}
	cleanStale()
	dir := filepath.Join(os.TempDir(), "gecmetric-go-test-"+run)
	if os.MkdirAll(dir, 0o700) != nil {
		return
	}
	if writeCounts(filepath.Join(dir, key(pkg)), asked, skipped) != nil {
		return
	}
	for _, p := range dataPackages(root, mod) {
		if _, err := os.Stat(filepath.Join(dir, key(p))); err != nil {
			return // another package is still to run (or was cached)
		}
	}
	// Every package has run: the binary that makes the mark prints.
	mark, err := os.OpenFile(filepath.Join(dir, ".printed"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	mark.Close()
	defer os.RemoveAll(dir)
	asked, skipped = sumCounts(dir)
	if skipped == 0 {
		return
	}
	out := goStdout(ppid)
	if out == nil {
		fmt.Println(line(asked, skipped))
		return
	}
	defer out.Close()
	fmt.Fprintln(out, line(asked, skipped))
}

// line is the report of Main.
func line(asked, skipped int) string {
	why := "no ../shared/data beside the repository"
	if d := os.Getenv("GECMETRIC_DATA"); d != "" {
		why = fmt.Sprintf("GECMETRIC_DATA=%s is not a folder", d)
	} else if datadir.Root() != "" {
		why = "sets missing from " + datadir.Root()
	}
	tests := fmt.Sprintf("%d tests", skipped)
	if skipped == 1 {
		tests = "1 test"
	}
	if asked > skipped {
		tests = fmt.Sprintf("%d of the %d tests that read it", skipped, asked)
	}
	return fmt.Sprintf("gecmetric: %s skipped for want of the shared data (%s): %s", tests, why, provenance)
}

// jsonMode reports whether go test -json runs the binary.
func jsonMode() bool {
	f := flag.Lookup("test.v")
	return f != nil && f.Value.String() == "test2json"
}

// goRun identifies the go command that runs this binary, by its process
// id and start time (Linux /proc), or returns "" when the parent is not
// the go command or cannot be told.
func goRun() (string, int) {
	ppid := os.Getppid()
	comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", ppid))
	if err != nil || strings.TrimSpace(string(comm)) != "go" {
		return "", 0
	}
	start := startTime(ppid)
	if start == "" {
		return "", 0
	}
	return fmt.Sprintf("%d-%s", ppid, start), ppid
}

// startTime returns field 22 of /proc/PID/stat, the start time of the
// process in clock ticks since boot, "" if unknown.
func startTime(pid int) string {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The second field, the command, is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return ""
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 20 {
		return ""
	}
	return fields[19] // field 22 counted from the pid
}

// goStdout opens the go command's standard output for appending, when it
// is a terminal, a pipe, or a file the go command itself appends to (a
// file it writes at its own offset would have the line overwritten), or
// returns nil.
func goStdout(ppid int) *os.File {
	path := fmt.Sprintf("/proc/%d/fd/1", ppid)
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if fi.Mode().IsRegular() && !appends(ppid) {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil
	}
	return f
}

// appends reports whether the go command's standard output was opened
// with O_APPEND (>> in a shell), from /proc/PID/fdinfo/1's octal flags.
func appends(ppid int) bool {
	const oAppend = 0o2000 // O_APPEND on Linux
	info, err := os.ReadFile(fmt.Sprintf("/proc/%d/fdinfo/1", ppid))
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(info))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err == nil && flags&oAppend != 0
		}
	}
	return false
}

// cleanStale removes the count folders of go commands that have ended (a
// run stopped before its last package).
func cleanStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "gecmetric-go-test-*-*"))
	for _, d := range dirs {
		pid, start, ok := strings.Cut(strings.TrimPrefix(filepath.Base(d), "gecmetric-go-test-"), "-")
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(pid); err == nil && startTime(n) != start {
			os.RemoveAll(d)
		}
	}
}

// key names a package's counts file: its folder relative to the module
// root, slashes replaced.
func key(pkg string) string { return strings.ReplaceAll(filepath.ToSlash(pkg), "/", "~") }

func writeCounts(path string, asked, skipped int) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, fmt.Appendf(nil, "%d %d\n", asked, skipped), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func sumCounts(dir string) (asked, skipped int) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || strings.HasSuffix(e.Name(), ".tmp") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		var a, s int
		if _, err := fmt.Sscan(string(data), &a, &s); err == nil {
			asked, skipped = asked+a, skipped+s
		}
	}
	return asked, skipped
}

func mustGetwd() string {
	wd, _ := os.Getwd()
	return wd
}

// moduleRoot returns the folder of the nearest go.mod above the working
// directory and its module path, or "".
func moduleRoot() (root, module string) {
	dir := mustGetwd()
	for dir != "" {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			for l := range strings.Lines(string(data)) {
				if m, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
					return dir, strings.Trim(strings.TrimSpace(m), `"`)
				}
			}
			return "", ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", ""
}

// dataPackages returns the folders (relative to root, sorted) of the
// module's packages with a test file that imports this package: the
// packages whose tests Main counts. Nested modules, testdata and hidden
// folders are left out, as go test ./... leaves them out.
func dataPackages(root, module string) []string {
	imp := []byte(`"` + module + `/internal/testdata"`)
	var out []string
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := readHead(path)
		if err != nil || !bytes.Contains(data, imp) {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err == nil && !slices.Contains(out, rel) {
			out = append(out, rel)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// readHead returns the start of a Go file, where its imports are.
func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, 8<<10)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}
