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
#include <errno.h>
#include <unistd.h>
// malloc_trim, for the dialog backend to give freed memory back once dialogs close.
#include <malloc.h>
#include <string.h>

// SIGRTMIN and SIGRTMAX are calls in disguise, which Swift cannot import as macros.
static inline int clinux_sigrtmin(void) { return SIGRTMIN; }
static inline int clinux_sigrtmax(void) { return SIGRTMAX; }

// Sets a terminal's settings now with one TCSETS, in the kernel's own struct termios, as glibc's
// tcsetattr does it; Debian 12's also reads the settings before and after (three system calls,
// twice for every picker shown). Only where the kernel's struct is the generic one glibc's starts
// with (x86-64, arm64): elsewhere tcsetattr itself.
static inline int clinux_set_terminal_now(int descriptor, const struct termios *settings) {
#if defined(__x86_64__) || defined(__aarch64__)
    struct {
        tcflag_t c_iflag, c_oflag, c_cflag, c_lflag;
        cc_t c_line;
        cc_t c_cc[19];
    } kernel;
    // glibc's IBAUD0, a bit of its own in c_iflag (cfsetispeed's speed 0), never the kernel's.
    kernel.c_iflag = settings->c_iflag & ~(tcflag_t)020000000000;
    kernel.c_oflag = settings->c_oflag;
    kernel.c_cflag = settings->c_cflag;
    kernel.c_lflag = settings->c_lflag;
    kernel.c_line = settings->c_line;
    memcpy(kernel.c_cc, settings->c_cc, sizeof kernel.c_cc);
    return ioctl(descriptor, TCSETS, &kernel);
#else
    return tcsetattr(descriptor, TCSANOW, settings);
#endif
}

// A descriptor of process `pid` (pidfd_open, Linux 5.3), and a signal sent through one
// (pidfd_send_signal, Linux 5.1: signal 0 asks only whether the process still runs). Through
// syscall(2): glibc 2.36 has wrappers, older C libraries only the numbers. -1 with ENOSYS
// where the architecture's headers have neither.
static inline int clinux_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
static inline int clinux_pidfd_send_signal(int descriptor, int signal) {
#ifdef SYS_pidfd_send_signal
    return (int)syscall(SYS_pidfd_send_signal, descriptor, signal, NULL, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

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
