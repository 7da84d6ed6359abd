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
// token unchecked, until the budget refills. Only wrong tokens spend the
// budget: a client that sends none (many raters behind one NAT or proxy,
// any number of requests in flight) is never refused. 2,000 guesses take
// 33 minutes instead of seconds; a token has 128 random bits.
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
//
// Tokens being checked are pending: a check is admitted only while the
// budget could absorb every pending check turning out wrong, and waits
// (it is not refused) while pending checks might still turn out right.
// So requests sent at once cannot check more than guessBurst wrong tokens
// between them, and right tokens are never refused for their own numbers.
type guessLimit struct {
	mu      sync.Mutex
	settled *sync.Cond // broadcast when a pending check ends
	now     func() time.Time
	clients map[string]*guessClient
}

type guessClient struct {
	tat     time.Time // theoretical arrival time of the next failure
	pending int       // tokens being checked
}

func newGuessLimit() *guessLimit {
	g := &guessLimit{now: time.Now, clients: map[string]*guessClient{}}
	g.settled = sync.NewCond(&g.mu)
	return g
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

// admit lets client check one token: it returns the budget the check
// belongs to (client's, or the shared one of clients not remembered) and
// 0, to be given back to settle with the check's outcome; or, when the
// budget is spent by wrong tokens, how long the client must wait. It
// blocks while the client's pending checks could spend the rest of the
// budget.
func (g *guessLimit) admit(client string) (string, time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for {
		now := g.now()
		c, ok := g.clients[client]
		if !ok && len(g.clients) >= guessClients {
			for k, old := range g.clients { // forget clients whose budget is full again
				if old.pending == 0 && !old.tat.After(now) {
					delete(g.clients, k)
				}
			}
			if len(g.clients) >= guessClients {
				client = "" // the shared budget of clients not remembered
				c, ok = g.clients[client]
			}
		}
		if !ok {
			c = &guessClient{tat: now}
			g.clients[client] = c
		}
		tat := c.tat
		if tat.Before(now) {
			tat = now
		}
		ahead := tat.Sub(now) - (guessBurst-1)*guessEvery
		if ahead > 0 {
			return client, ahead
		}
		// Admitted if the budget holds even when every pending check fails.
		if ahead+time.Duration(c.pending)*guessEvery <= 0 {
			c.pending++
			return client, 0
		}
		g.settled.Wait()
	}
}

// settle ends a check that admit let through: a wrong token spends one
// guess of budget, a right one nothing.
func (g *guessLimit) settle(budget string, wrong bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	defer g.settled.Broadcast()
	c, ok := g.clients[budget]
	if !ok {
		return
	}
	c.pending--
	now := g.now()
	if wrong {
		if c.tat.Before(now) {
			c.tat = now
		}
		c.tat = c.tat.Add(guessEvery)
	}
	if c.pending == 0 && !c.tat.After(now) {
		delete(g.clients, budget)
	}
}

// tooManyGuesses answers a client over its budget.
func (s *Server) tooManyGuesses(w http.ResponseWriter, wait time.Duration) {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, http.StatusTooManyRequests, fmt.Errorf("too many wrong tokens from your address: try again in %d s with the link you were given", secs))
}
