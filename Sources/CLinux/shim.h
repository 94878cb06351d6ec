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
#include <sys/syscall.h>
// malloc_trim, for the dialog backend to give freed memory back once dialogs close.
#include <malloc.h>

// SIGRTMIN and SIGRTMAX are calls in disguise, which Swift cannot import as macros.
static inline int clinux_sigrtmin(void) { return SIGRTMIN; }
static inline int clinux_sigrtmax(void) { return SIGRTMAX; }

// Asks a pseudo-terminal's controlling side for its number: it answers only on that side.
static const unsigned long CLINUX_TIOCGPTN = TIOCGPTN;

// Whether a system call number, as /proc/PID/syscall shows it, is one that poll(2) sleeps in:
// poll where the architecture has it (x86-64, where glibc calls it), ppoll (all arm64 has; other
// C libraries call it everywhere), ppoll_time64 on 32-bit ones. In C: only the preprocessor can
// tell which of them this architecture has.
static inline int clinux_is_poll_syscall(long number) {
#ifdef SYS_poll
    if (number == SYS_poll) return 1;
#endif
#ifdef SYS_ppoll
    if (number == SYS_ppoll) return 1;
#endif
#ifdef SYS_ppoll_time64
    if (number == SYS_ppoll_time64) return 1;
#endif
    return 0;
}
#endif
