/* A method call whose reply is believed only from the connection it was sent to.
 *
 * GDBus's own calls match a reply to its call by the reply serial alone, and the bus lets any
 * connection send a method return nobody asked for: another user on a bus that admits it could
 * answer GetNameOwner, GetConnectionUnixUser or PickTimeRange for the service. tp_call sends
 * with g_dbus_connection_send_message_with_reply, which keeps GDBus's time limits, cancelling
 * and failing on close (from its worker thread, whatever context runs), and notes each call's
 * serial and destination in a table of its own. A filter on the connection, which GDBus runs on
 * its worker thread before it matches replies to calls, lets a reply to a serial in the table
 * through only when its sender is the call's destination, or when it is an error from the bus
 * (which answers for a destination that is gone or refuses, and as which nobody else can send);
 * any other is dropped before GDBus sees it, and the first one is logged. Calls go to a unique
 * name or to the bus, never to a well-known name, whose owner could change under the call (the
 * pick asks the bus first).
 *
 * As g_dbus_connection_call, the callback runs on the thread-default main context of the
 * thread that made the call, once: with the reply, the bus's or the callee's error, a reply of
 * another type than asked for (G_IO_ERROR_INVALID_ARGUMENT), or GDBus's G_IO_ERROR_TIMED_OUT,
 * G_IO_ERROR_CANCELLED or G_IO_ERROR_CLOSED.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

#define TP_BUS_NAME "org.freedesktop.DBus"

/* The calls out on one connection, shared by its filter and every tp_call on it. */
typedef struct
{
  GMutex lock;
  GHashTable *destinations; /* serial (GUINT_TO_POINTER) -> the destination it was sent to */
  gboolean forgery_logged;  /* the first dropped reply was logged; the rest are not */
} AwaitedReplies;

/* One call out: its GTask's data. */
typedef struct
{
  AwaitedReplies *replies;  /* a reference */
  guint32 serial;           /* 0 when GDBus gave none (the connection was closed) */
  char *method;             /* interface.member, for the error of a reply of the wrong type */
  GVariantType *reply_type; /* or NULL */
} AwaitedCall;

/* The key the table hangs on its connection by. */
static const char awaited_replies_key[] = "tp-awaited-replies";
/* Guards creating a connection's table, once. */
static GMutex awaited_replies_creation;

static void
awaited_replies_release (gpointer data)
{
  AwaitedReplies *replies = data;

  g_hash_table_unref (replies->destinations);
  g_mutex_clear (&replies->lock);
}

static void
awaited_replies_drop (gpointer data)
{
  g_atomic_rc_box_release_full (data, awaited_replies_release);
}

static void
awaited_call_free (gpointer data)
{
  AwaitedCall *call = data;

  awaited_replies_drop (call->replies);
  g_free (call->method);
  if (call->reply_type != NULL)
    g_variant_type_free (call->reply_type);
  g_free (call);
}

/* On GDBus's worker thread, for every message, before GDBus matches replies to calls: a reply
 * to a call in the table goes on when its sender is the one asked, or the bus with an error;
 * any other is dropped. */
static GDBusMessage *
awaited_replies_filter (GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data)
{
  AwaitedReplies *replies = data;
  GDBusMessageType type;
  const char *sender, *destination;
  gboolean believed;
  g_autofree char *forgery_destination = NULL; /* for the log, copied: the call may end once the lock goes */

  if (!incoming)
    return message;
  type = g_dbus_message_get_message_type (message);
  if (type != G_DBUS_MESSAGE_TYPE_METHOD_RETURN && type != G_DBUS_MESSAGE_TYPE_ERROR)
    return message;
  sender = g_dbus_message_get_sender (message);

  g_mutex_lock (&replies->lock);
  destination = g_hash_table_lookup (replies->destinations, GUINT_TO_POINTER (g_dbus_message_get_reply_serial (message)));
  /* Not a tp_call's (GDBus's own, a name watch's), or one already ended: GDBus's to judge. */
  believed = destination == NULL || g_strcmp0 (sender, destination) == 0
             || (type == G_DBUS_MESSAGE_TYPE_ERROR && g_strcmp0 (sender, TP_BUS_NAME) == 0);
  if (!believed && !replies->forgery_logged)
    {
      replies->forgery_logged = TRUE;
      forgery_destination = g_strdup (destination);
    }
  g_mutex_unlock (&replies->lock);

  if (believed)
    return message;
  if (forgery_destination != NULL)
    g_message ("dropped a reply from %s to a call that went to %s: only the connection asked answers "
               "(further ones are dropped without a word)", sender != NULL ? sender : "(no sender)", forgery_destination);
  g_object_unref (message);
  return NULL;
}

/* The connection's table of calls out, made (with its filter) the first time it is asked for.
 * Returns a reference. */
static AwaitedReplies *
awaited_replies_of (GDBusConnection *connection)
{
  AwaitedReplies *replies;

  g_mutex_lock (&awaited_replies_creation);
  replies = g_object_get_data (G_OBJECT (connection), awaited_replies_key);
  if (replies == NULL)
    {
      replies = g_atomic_rc_box_new0 (AwaitedReplies);
      g_mutex_init (&replies->lock);
      replies->destinations = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
      /* The connection holds one reference, its filter another: both go when it is finalized. */
      g_object_set_data_full (G_OBJECT (connection), awaited_replies_key, replies, awaited_replies_drop);
      g_dbus_connection_add_filter (connection, awaited_replies_filter, g_atomic_rc_box_acquire (replies), awaited_replies_drop);
    }
  g_atomic_rc_box_acquire (replies);
  g_mutex_unlock (&awaited_replies_creation);
  return replies;
}

/* GDBus's answer to the call: the reply the filter let through, or GDBus's own error. */
static void
awaited_call_replied (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  AwaitedCall *call = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDBusMessage) reply = g_dbus_connection_send_message_with_reply_finish (G_DBUS_CONNECTION (source), result, &error);
  GVariant *body;
  g_autoptr(GVariant) empty = NULL;

  g_mutex_lock (&call->replies->lock);
  g_hash_table_remove (call->replies->destinations, GUINT_TO_POINTER (call->serial));
  g_mutex_unlock (&call->replies->lock);

  if (reply == NULL || g_dbus_message_to_gerror (reply, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  body = g_dbus_message_get_body (reply);
  if (body == NULL)
    body = empty = g_variant_ref_sink (g_variant_new ("()"));
  if (call->reply_type != NULL && !g_variant_is_of_type (body, call->reply_type))
    {
      g_autofree char *expected = g_variant_type_dup_string (call->reply_type);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "Method “%s” returned type “%s”, but expected “%s”",
                               call->method, g_variant_get_type_string (body), expected);
      return;
    }
  g_task_return_pointer (task, g_variant_ref (body), (GDestroyNotify) g_variant_unref);
}

void
tp_call (GDBusConnection     *connection,
         const char          *destination,
         const char          *path,
         const char          *interface,
         const char          *method,
         GVariant            *parameters,
         const GVariantType  *reply_type,
         GDBusCallFlags       flags,
         int                  timeout_ms,
         GCancellable        *cancellable,
         GAsyncReadyCallback  callback,
         gpointer             user_data)
{
  g_autoptr(GDBusMessage) message = NULL;
  GTask *task;
  AwaitedCall *call;
  guint32 serial = 0;

  g_return_if_fail (destination != NULL && (destination[0] == ':' || g_str_equal (destination, TP_BUS_NAME)));
  task = g_task_new (connection, cancellable, callback, user_data);
  g_task_set_source_tag (task, tp_call);
  message = g_dbus_message_new_method_call (destination, path, interface, method);
  if (parameters != NULL)
    g_dbus_message_set_body (message, parameters);
  if ((flags & G_DBUS_CALL_FLAGS_NO_AUTO_START) != 0)
    g_dbus_message_set_flags (message, G_DBUS_MESSAGE_FLAGS_NO_AUTO_START);
  call = g_new0 (AwaitedCall, 1);
  call->replies = awaited_replies_of (connection);
  call->method = g_strdup_printf ("%s.%s", interface, method);
  call->reply_type = reply_type != NULL ? g_variant_type_copy (reply_type) : NULL;
  g_task_set_task_data (task, call, awaited_call_free);

  /* The serial is in the table before the filter can see its reply: the filter takes the lock,
   * and GDBus only queues the message for its worker here, never waits for it. G_MAXINT is no
   * time limit, as for GDBus. */
  g_mutex_lock (&call->replies->lock);
  g_dbus_connection_send_message_with_reply (connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, timeout_ms, &serial,
                                             cancellable, awaited_call_replied, task);
  /* No serial: the connection was closed, and the callback fails the call. */
  if (serial != 0)
    g_hash_table_insert (call->replies->destinations, GUINT_TO_POINTER (serial), g_strdup (destination));
  call->serial = serial;
  g_mutex_unlock (&call->replies->lock);
}

GVariant *
tp_call_finish (GDBusConnection *connection, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, connection), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
