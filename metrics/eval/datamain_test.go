package eval

import (
	"os"
	"testing"

	"github.com/gecmetric/gecmetric/internal/testdata"
)

// TestMain counts the tests skipped for want of the shared data and
// reports them at the end of go test ./... (testdata.Main).
func TestMain(m *testing.M) { os.Exit(testdata.Main(m)) }
