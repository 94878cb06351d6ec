#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H
// Linux interfaces that Glibc's Swift module leaves out.
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <pty.h>
#endif
