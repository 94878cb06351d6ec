/* The alert's fields, shared by its object (timepicker-alert.c) and its typed options
 * (timepicker-alert-options.c), which turns them into the service's a{sv}.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "timepicker-private.h"

struct _TimePickerAlert
{
  GObject parent_instance;

  GDBusConnection *connection; /* NULL: each pick connects to the session bus */
  char *title, *first, *last, *start, *end, *locale; /* NULL: not sent */
  guint step, min_duration, timeout, timeout_extensions; /* 0: not sent, the service's default */
  TimePickerClock clock;
  TimePickerUserInterface user_interface;
  gboolean overnight;
  GDateTime *date;             /* its year, month and day are sent */
  GTimeZone *time_zone;        /* its identifier is sent */
  TimePickerParent *parent;
  GVariant *options;           /* set_options's a{sv}, under the typed ones */
  gboolean picking;            /* a pick runs: another fails with ALREADY_SHOWING */
};

/* The alert's property ids, shared so that the setters in timepicker-alert-options.c notify. */
enum
{
  PROP_0,
  PROP_TITLE,
  PROP_STEP,
  PROP_FIRST,
  PROP_LAST,
  PROP_START,
  PROP_END,
  PROP_MIN_DURATION,
  PROP_TIMEOUT,
  PROP_TIMEOUT_EXTENSIONS,
  PROP_CLOCK,
  PROP_OVERNIGHT,
  PROP_DATE,
  PROP_TIME_ZONE,
  PROP_USER_INTERFACE,
  PROP_LOCALE,
  N_PROPERTIES
};

/* The alert's properties, for the setters' notifications. */
extern GParamSpec *tp_alert_properties[N_PROPERTIES];

/* The service's a{sv} for a pick: the typed options over set_options's, or NULL with
 * TIME_PICKER_ERROR_INVALID_ARGS ("option 'first': ...") when one is not what the service takes. */
GVariant *tp_alert_options (TimePickerAlert *alert, GError **error);
