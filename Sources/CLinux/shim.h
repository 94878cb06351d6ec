#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
// Linux interfaces that Glibc's Swift module leaves out.
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <pty.h>
#include <signal.h>
#include <libintl.h>
#include <langinfo.h>
#include <locale.h>

// SIGRTMIN and SIGRTMAX are calls in disguise, which Swift cannot import as macros.
static inline int clinux_sigrtmin(void) { return SIGRTMIN; }
static inline int clinux_sigrtmax(void) { return SIGRTMAX; }

// Asks a pseudo-terminal's controlling side for its number: it answers only on that side.
static const unsigned long CLINUX_TIOCGPTN = TIOCGPTN;
#endif
