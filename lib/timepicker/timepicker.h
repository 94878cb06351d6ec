/* libtimepicker-1: the caller's side of timepickerd, for every language GObject
 * introspection reaches (C, Python, GJS, Vala, Rust).
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#define TIME_PICKER_INSIDE
#include <timepicker/timepicker-error.h>
#include <timepicker/timepicker-enums.h>
#include <timepicker/timepicker-parent.h>
#include <timepicker/timepicker-range.h>
#include <timepicker/timepicker-alert.h>
#include <timepicker/timepicker-monitor.h>
#undef TIME_PICKER_INSIDE
