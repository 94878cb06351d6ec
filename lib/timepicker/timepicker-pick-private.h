/* One pick, shared by its two files: timepicker-pick.c finds the bus, the parent window and
 * the service and ends the pick; timepicker-pick-call.c makes the call and follows the session.
 *
 * SPDX-License-Identifier: MIT
 */
#pragma once

#include "timepicker-private.h"

/* The state of one pick, its GTask's data. Each step's callback first asks whether the pick
 * is over (done), since a cancel or a vanished service may end it while a call is out. Every
 * step runs on the task's main context, the caller's thread-default one. */
typedef struct
{
  GDBusConnection *connection;
  GVariant *options;          /* the caller's a{sv}, or NULL */
  TimePickerParent *parent;   /* or NULL */
  gboolean parent_exported;
  GSource *export_timeout;    /* while the parent's export is awaited */
  gboolean export_abandoned;  /* it took too long: the pick went on without a parent */
  gboolean service_started;   /* the bus was asked to start the service */
  char *parent_window;
  char *activation_token;
  char *token;                /* the session's handle_token */
  char *own_locale;           /* the program's locale and zone, sent unasked (or NULL): a */
  char *own_zone;             /* service that refuses one is asked again without it */
  char *owner;                /* the service's unique name, its user checked */
  char *session_path;
  guint session_subscription;
  guint owner_subscription;
  gulong closed_handler;
  GSource *cancel_source;     /* the caller's cancellable, heard on the task's context */
  GCancellable *call_cancellable; /* PickTimeRange's: cancelled when the pick ends, so that the
                                   * call (no time limit) does not hold the task, and with it the
                                   * picker, until a frozen service answers */
  gboolean call_sent;         /* PickTimeRange is out: a session may exist */
  gboolean cancel_requested;  /* the caller's cancellable fired */
  gboolean cancel_sent;
  gboolean done;
  GVariant *results;          /* the session's Response, once it came */
} Pick;

/* Ends the pick with range or error (one of them, taken), once; drops every subscription. */
void tp_pick_complete (GTask           *task,
                       TimePickerRange *range,
                       GError          *error);

void tp_pick_fail     (GTask           *task,
                       TimePickerError  code,
                       const char      *format,
                       ...) G_GNUC_PRINTF (3, 4);

/* Ends the pick as its caller's cancellable asked: G_IO_ERROR_CANCELLED, as GIO's operations fail. */
void tp_pick_cancelled (GTask *task);

/* Subscribes to the session's predictable path and to the owner's leaving, then calls
 * PickTimeRange (timepicker-pick-call.c). */
void tp_pick_call      (GTask *task);

/* Ends the session with Cancelled("caller"), without waiting for the service's answer (a frozen
 * service must not hold the caller): the pick ends as cancelled once the call is on the bus. */
void tp_pick_send_cancel (GTask *task);
