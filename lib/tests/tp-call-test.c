/* Attacks on tp_call (lib/timepicker/timepicker-call.c), compiled into this program with it, on a
 * private bus (DBUS_SESSION_BUS_ADDRESS). Run by lib/tests/tp-call-test.sh.
 *
 * Three connections: the victim makes tp_calls; the callee ("silent") eats every method call it
 * gets, and answers one when a scenario says so; the forger sends returns and errors nobody
 * asked for.
 *
 * Usage: tp-call-test SCENARIO; exit 0 when tp_call held, 1 when it did not, 77 when the
 * scenario could not run.
 *
 *   forgery-then-timeout   a forged return is dropped (and logged, the first) while the call's
 *                          time limit ends it on the caller's thread: the log reads the call's
 *                          destination after the lock is released. With TP_TEST_WIDEN (the hook
 *                          below, compiled in with -Dg_mutex_unlock=...) the window is 400 ms wide:
 *                          a use-after-free (ASan or valgrind report it)
 *   closed-unheard         the victim was made with a thread-default context that is not
 *                          iterated after (a synchronous wrapper's); it closes with a call out
 *                          that has no time limit: the call must end with G_IO_ERROR_CLOSED, as
 *                          g_dbus_connection_call's does
 *   closed-heard           the same with the connection made on the main context (control)
 *   closed-before          tp_call on a closed connection: G_IO_ERROR_CLOSED
 *   late-reply             the callee answers after the call timed out: one callback, TIMED_OUT
 *   forged-then-real       forged returns and errors (a bus error name) for the serial, a flood of
 *                          10000 more for serials around it, then the callee's real answer: that one
 *   cancel-race            1000 calls, each answered and cancelled at about the same time: each
 *                          callback exactly once
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the window widener: g_mutex_unlock in timepicker-call.c is this, when compiled with
 * -Dg_mutex_unlock=tp_test_mutex_unlock. Armed, the next unlock on a thread other than main's
 * sleeps after unlocking: in the filter, between dropping a forgery and logging it. */
static gint widen_armed;
static GThread *main_thread;

void tp_test_mutex_unlock (GMutex *mutex);
void
tp_test_mutex_unlock (GMutex *mutex)
{
  g_mutex_unlock (mutex);
  if (g_thread_self () != main_thread && g_atomic_int_compare_and_exchange (&widen_armed, 1, 0))
    {
      if (g_getenv ("TP_TEST_DEBUG") != NULL)
        g_printerr ("widened at %" G_GINT64_FORMAT "\n", g_get_monotonic_time () / 1000);
      g_usleep (400 * G_TIME_SPAN_MILLISECOND);
    }
}

static GDBusConnection *victim, *silent, *forger;
static GMainLoop *loop;

static GDBusConnection *
connect_bus (void)
{
  g_autoptr(GError) error = NULL;
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  GDBusConnection *connection = g_dbus_connection_new_for_address_sync (
    address, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION, NULL, NULL, &error);

  if (connection == NULL)
    {
      fprintf (stderr, "cannot connect to %s: %s\n", address, error->message);
      exit (77);
    }
  return connection;
}

/* The callee: every method call is eaten; the last one's serial and sender are kept. */
static GMutex eaten_lock;
static guint32 eaten_serial;
static char *eaten_sender;

static GDBusMessage *
eat_calls (GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data)
{
  if (!incoming || g_dbus_message_get_message_type (message) != G_DBUS_MESSAGE_TYPE_METHOD_CALL)
    return message;
  g_mutex_lock (&eaten_lock);
  eaten_serial = g_dbus_message_get_serial (message);
  g_free (eaten_sender);
  eaten_sender = g_strdup (g_dbus_message_get_sender (message));
  g_mutex_unlock (&eaten_lock);
  g_object_unref (message);
  return NULL;
}

static void
send_reply (GDBusConnection *from, guint32 serial, const char *error_name, GVariant *body)
{
  g_autoptr(GDBusMessage) message = g_dbus_message_new ();
  g_autoptr(GError) error = NULL;

  g_dbus_message_set_message_type (message, error_name != NULL ? G_DBUS_MESSAGE_TYPE_ERROR : G_DBUS_MESSAGE_TYPE_METHOD_RETURN);
  if (error_name != NULL)
    g_dbus_message_set_error_name (message, error_name);
  g_dbus_message_set_reply_serial (message, serial);
  g_dbus_message_set_destination (message, g_dbus_connection_get_unique_name (victim));
  if (body != NULL)
    g_dbus_message_set_body (message, body);
  if (!g_dbus_connection_send_message (from, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, NULL, &error))
    g_printerr ("send: %s\n", error->message);
}

/* A call's end, as the callback saw it. */
typedef struct
{
  int ends;
  GError *error;
  GVariant *reply;
} Ended;

static void
call_ended (GObject *source, GAsyncResult *result, gpointer data)
{
  Ended *ended = data;

  ended->ends++;
  g_clear_error (&ended->error);
  g_clear_pointer (&ended->reply, g_variant_unref);
  ended->reply = tp_call_finish (G_DBUS_CONNECTION (source), result, &ended->error);
  if (loop != NULL)
    g_main_loop_quit (loop);
}

static void
gdbus_call_ended (GObject *source, GAsyncResult *result, gpointer data)
{
  Ended *ended = data;

  ended->ends++;
  g_clear_error (&ended->error);
  ended->reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &ended->error);
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* Runs the main context for ms milliseconds. */
static void
run_for (guint ms)
{
  GMainLoop *previous = loop;

  loop = g_main_loop_new (NULL, FALSE);
  g_timeout_add (ms, quit_loop, NULL);
  g_main_loop_run (loop);
  g_clear_pointer (&loop, g_main_loop_unref);
  loop = previous;
}

/* Runs until ended has ended, or ms milliseconds. */
static void
run_until_ended (Ended *ended, guint ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (ended->ends == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
}

static void
call_silent (int timeout_ms, GCancellable *cancellable, Ended *ended)
{
  tp_call (victim, g_dbus_connection_get_unique_name (silent), "/", "org.example.Attack", "Ask", NULL, G_VARIANT_TYPE ("(s)"),
           G_DBUS_CALL_FLAGS_NONE, timeout_ms, cancellable, call_ended, ended);
}

static int
forgery_then_timeout (void)
{
  Ended ended = { 0 };
  guint32 serial;

  call_silent (100, NULL, &ended);
  serial = g_dbus_connection_get_last_serial (victim);
  g_atomic_int_set (&widen_armed, 1);
  /* Not flushed: the worker thread, which writes every connection's messages, sleeps in the filter. */
  send_reply (forger, serial, NULL, g_variant_new ("(s)", "forged"));
  /* The timeout ends the call while the filter sleeps; then the filter logs. */
  run_until_ended (&ended, 2000);
  run_for (800);
  if (ended.ends != 1 || !g_error_matches (ended.error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    {
      g_printerr ("forgery-then-timeout: %d ends, %s\n", ended.ends, ended.error ? ended.error->message : "a reply");
      return 1;
    }
  /* A use-after-free shows as ASan's report (the program aborts) or valgrind's Invalid read. */
  g_print ("forgery-then-timeout: ended once, timed out\n");
  return 0;
}

static int
closed (gboolean construction_context_iterated)
{
  Ended ended = { 0 }, gdbus_ended = { 0 };
  GMainContext *construction = NULL;

  g_clear_object (&victim);
  if (!construction_context_iterated)
    {
      /* As a synchronous wrapper connects: its own context pushed, popped after. */
      construction = g_main_context_new ();
      g_main_context_push_thread_default (construction);
    }
  victim = connect_bus ();
  if (construction != NULL)
    g_main_context_pop_thread_default (construction);

  call_silent (G_MAXINT, NULL, &ended);
  g_dbus_connection_call (victim, g_dbus_connection_get_unique_name (silent), "/", "org.example.Attack", "Ask", NULL, NULL,
                          G_DBUS_CALL_FLAGS_NONE, G_MAXINT, NULL, gdbus_call_ended, &gdbus_ended);
  run_for (200);
  g_dbus_connection_close (victim, NULL, NULL, NULL);
  run_until_ended (&ended, 3000);
  run_for (200);
  g_print ("closed-%s: tp_call %s; g_dbus_connection_call %s\n", construction_context_iterated ? "heard" : "unheard",
           ended.ends == 0 ? "still out after 3 s" : ended.error ? ended.error->message : "answered",
           gdbus_ended.ends == 0 ? "still out" : gdbus_ended.error ? gdbus_ended.error->message : "answered");
  g_clear_pointer (&construction, g_main_context_unref);
  return ended.ends == 1 && g_error_matches (ended.error, G_IO_ERROR, G_IO_ERROR_CLOSED) ? 0 : 1;
}

static int
closed_before (void)
{
  Ended ended = { 0 };

  g_dbus_connection_close_sync (victim, NULL, NULL);
  call_silent (-1, NULL, &ended);
  run_until_ended (&ended, 2000);
  run_for (100);
  g_print ("closed-before: %d ends, %s\n", ended.ends, ended.error ? ended.error->message : "a reply");
  return ended.ends == 1 && g_error_matches (ended.error, G_IO_ERROR, G_IO_ERROR_CLOSED) ? 0 : 1;
}

static int
late_reply (void)
{
  Ended ended = { 0 };
  guint32 serial;

  call_silent (100, NULL, &ended);
  serial = g_dbus_connection_get_last_serial (victim);
  run_until_ended (&ended, 2000);
  send_reply (silent, serial, NULL, g_variant_new ("(s)", "late"));
  run_for (300);
  g_print ("late-reply: %d ends, %s\n", ended.ends, ended.error ? ended.error->message : "a reply");
  return ended.ends == 1 && g_error_matches (ended.error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT) ? 0 : 1;
}

static int
forged_then_real (void)
{
  Ended ended = { 0 };
  guint32 serial;
  const char *reply = NULL;

  call_silent (-1, NULL, &ended);
  serial = g_dbus_connection_get_last_serial (victim);
  send_reply (forger, serial, NULL, g_variant_new ("(s)", "forged"));
  send_reply (forger, serial, "org.freedesktop.DBus.Error.NameHasNoOwner", g_variant_new ("(s)", "forged error"));
  send_reply (forger, serial, "org.freedesktop.DBus.Error.NoReply", NULL);
  for (guint32 n = 0; n < 10000; n++)
    send_reply (forger, serial - 50 + n % 100, n % 2 ? "org.freedesktop.DBus.Error.Failed" : NULL, g_variant_new ("(s)", "flood"));
  g_dbus_connection_flush_sync (forger, NULL, NULL);
  run_for (500);
  if (ended.ends != 0)
    {
      g_print ("forged-then-real: ended by a forgery: %s\n", ended.error ? ended.error->message : "a reply");
      return 1;
    }
  send_reply (silent, serial, NULL, g_variant_new ("(s)", "real"));
  run_until_ended (&ended, 2000);
  run_for (100);
  if (ended.reply != NULL)
    g_variant_get (ended.reply, "(&s)", &reply);
  g_print ("forged-then-real: %d ends, %s\n", ended.ends, ended.error ? ended.error->message : reply);
  return ended.ends == 1 && g_strcmp0 (reply, "real") == 0 ? 0 : 1;
}

static int
cancel_race (void)
{
  enum { CALLS = 1000 };
  Ended *ended = g_new0 (Ended, CALLS);
  int wrong = 0;

  for (int n = 0; n < CALLS; n++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();

      call_silent (n % 3 == 0 ? 0 : -1, cancellable, &ended[n]);
      send_reply (silent, g_dbus_connection_get_last_serial (victim), NULL, g_variant_new ("(s)", "real"));
      g_dbus_connection_flush_sync (silent, NULL, NULL);
      g_usleep (g_random_int_range (0, 300));
      g_cancellable_cancel (cancellable);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  run_for (500);
  for (int n = 0; n < CALLS; n++)
    {
      if (ended[n].ends != 1)
        wrong++;
      g_clear_error (&ended[n].error);
      g_clear_pointer (&ended[n].reply, g_variant_unref);
    }
  g_free (ended);
  g_print ("cancel-race: %d of %d calls did not end exactly once\n", wrong, CALLS);
  return wrong == 0 ? 0 : 1;
}

int
main (int argc, char **argv)
{
  const char *scenario = argc > 1 ? argv[1] : "";
  int status;

  main_thread = g_thread_self ();
  victim = connect_bus ();
  silent = connect_bus ();
  forger = connect_bus ();
  g_dbus_connection_add_filter (silent, eat_calls, NULL, NULL);

  if (g_str_equal (scenario, "forgery-then-timeout"))
    status = forgery_then_timeout ();
  else if (g_str_equal (scenario, "closed-unheard"))
    status = closed (FALSE);
  else if (g_str_equal (scenario, "closed-heard"))
    status = closed (TRUE);
  else if (g_str_equal (scenario, "closed-before"))
    status = closed_before ();
  else if (g_str_equal (scenario, "late-reply"))
    status = late_reply ();
  else if (g_str_equal (scenario, "forged-then-real"))
    status = forged_then_real ();
  else if (g_str_equal (scenario, "cancel-race"))
    status = cancel_race ();
  else
    {
      g_printerr ("unknown scenario %s\n", scenario);
      return 77;
    }
  g_clear_object (&victim);
  g_clear_object (&silent);
  g_clear_object (&forger);
  g_free (eaten_sender);
  return status;
}
