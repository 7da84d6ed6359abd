package fluency

import "github.com/gecmetric/gecmetric/metrics/fluency/internal/browndata"

func browndataModel() []byte { return browndata.Model }
