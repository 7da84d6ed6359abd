package annotate

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// allowedHost reports whether host, a request's Host header, names the
// loopback address addr the server is bound to: "localhost" or addr's own
// IP, with addr's port ("127.0.0.1:8080", "localhost:8080", "[::1]:8080";
// no port means 80). A server bound to any other address accepts every
// Host. This is the DNS-rebinding defence of local development servers: a
// page from evil.example whose name was re-pointed at 127.0.0.1 sends
// "Host: evil.example:8080" and is refused.
func allowedHost(addr net.Addr, host string) bool {
	ta, ok := addr.(*net.TCPAddr)
	if !ok || !ta.IP.IsLoopback() {
		return true
	}
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = host, "80"
	}
	if port != strconv.Itoa(ta.Port) {
		return false
	}
	if strings.EqualFold(name, "localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.Equal(ta.IP)
}

// loopbackURL is the address a refused request should have used.
func loopbackURL(addr net.Addr) string {
	return "http://" + addr.String() + "/"
}

// Limits on wrong tokens: a client (one IPv4 address, one IPv6 /64) may
// send guessBurst wrong tokens at once, then one per guessEvery. A client
// over its budget gets 429 Too Many Requests for every API request, its
// token unchecked, until the budget refills; requests with a right token
// never spend any. 2,000 guesses take 33 minutes instead of seconds; a
// token has 128 random bits.
const (
	guessBurst = 10
	guessEvery = time.Second
	// guessClients bounds the clients remembered; past it, unknown
	// clients share one budget.
	guessClients = 1 << 16
)

// A guessLimit counts wrong tokens per client with the generic cell rate
// algorithm: each client has a theoretical arrival time that every failure
// moves guessEvery later (from now at the earliest); a client whose time
// lies more than (guessBurst-1)·guessEvery ahead is over its budget.
type guessLimit struct {
	mu      sync.Mutex
	now     func() time.Time
	clients map[string]time.Time
}

func newGuessLimit() *guessLimit {
	return &guessLimit{now: time.Now, clients: map[string]time.Time{}}
}

// clientOf names the budget that remoteAddr (a request's RemoteAddr) spends.
func clientOf(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.To4() != nil:
		return ip.To4().String()
	default:
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
}

// take spends one guess of client's budget before its token is checked,
// so that concurrent requests cannot all pass one check, and returns the
// budget it charged (client's, or the shared one) and 0; or, when the
// budget is spent, spends nothing and returns how long the client must
// wait. A right token gives the guess back with refund.
func (g *guessLimit) take(client string) (string, time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if _, ok := g.clients[client]; !ok && len(g.clients) >= guessClients {
		for c, tat := range g.clients { // forget clients whose budget is full again
			if !tat.After(now) {
				delete(g.clients, c)
			}
		}
		if len(g.clients) >= guessClients {
			client = "" // the shared budget of clients not remembered
		}
	}
	tat, ok := g.clients[client]
	if !ok || tat.Before(now) {
		tat = now
	}
	if wait := tat.Sub(now) - (guessBurst-1)*guessEvery; wait > 0 {
		return client, wait
	}
	g.clients[client] = tat.Add(guessEvery)
	return client, 0
}

// refund gives back the guess that take charged to budget for a right
// token.
func (g *guessLimit) refund(budget string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	tat, ok := g.clients[budget]
	if !ok {
		return
	}
	tat = tat.Add(-guessEvery)
	if !tat.After(g.now()) {
		delete(g.clients, budget)
		return
	}
	g.clients[budget] = tat
}

// tooManyGuesses answers a client over its budget.
func (s *Server) tooManyGuesses(w http.ResponseWriter, wait time.Duration) {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, http.StatusTooManyRequests, fmt.Errorf("too many wrong tokens from your address: try again in %d s with the link you were given", secs))
}
