/* A method call whose reply is believed only from the connection it was sent to.
 *
 * GDBus's own calls (g_dbus_connection_call) match a reply to its call by the reply serial
 * alone, and the bus lets any connection send a method return nobody asked for: another user
 * on a bus that admits it could answer GetNameOwner, GetConnectionUnixUser or PickTimeRange
 * for the service. tp_call sends the call itself and keeps its serial in a table of its own,
 * which a filter on the connection reads on GDBus's worker thread: a return or error whose
 * sender is the call's destination ends the call; an error from the bus ends any call (the
 * bus answers for a destination that is gone or refuses); any other reply to a serial in the
 * table is dropped, and the first one is logged. Calls go to a unique name or to the bus, never
 * to a well-known name, whose owner could change under the call (the pick asks the bus first).
 *
 * As g_dbus_connection_call, the callback runs on the thread-default main context of the
 * thread that made the call (the GTask's), once: with the reply, the bus's or the callee's
 * error, G_IO_ERROR_TIMED_OUT, G_IO_ERROR_CANCELLED, or G_IO_ERROR_CLOSED when the connection
 * closes with the call out.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

/* The milliseconds a call waits when its caller gives -1, as GDBus's default. */
#define TP_CALL_DEFAULT_TIMEOUT_MS 25000

#define TP_BUS_NAME "org.freedesktop.DBus"

/* The calls out on one connection, shared by its filter and every tp_call on it. */
typedef struct
{
  GMutex lock;
  GHashTable *calls;       /* serial (GUINT_TO_POINTER) -> AwaitedCall, while it waits */
  gboolean forgery_logged; /* the first dropped reply was logged; the rest are not */
} AwaitedReplies;

/* One call waiting for its reply; owned by the table until a reply, timeout, cancel or close
 * takes it out (under the lock: whichever takes it ends the call, the others find nothing). */
typedef struct
{
  GTask *task;
  char *destination;
  char *method;             /* interface.member, for the error of a reply of the wrong type */
  GVariantType *reply_type; /* or NULL */
  GSource *timeout;         /* or NULL: no limit */
  GSource *cancelled;       /* or NULL */
} AwaitedCall;

/* The key the table hangs on its connection by. */
static const char awaited_replies_key[] = "tp-awaited-replies";
/* Guards creating a connection's table, once. */
static GMutex awaited_replies_creation;

static void
awaited_replies_release (gpointer data)
{
  AwaitedReplies *replies = data;

  /* The last reference goes after the connection's: every call holds the connection, so none waits. */
  g_hash_table_unref (replies->calls);
  g_mutex_clear (&replies->lock);
}

static void
awaited_replies_drop (gpointer data)
{
  g_atomic_rc_box_release_full (data, awaited_replies_release);
}

static void
awaited_replies_drop_closure (gpointer data, GClosure *closure)
{
  awaited_replies_drop (data);
}

static void
awaited_call_free (AwaitedCall *call)
{
  g_free (call->destination);
  g_free (call->method);
  if (call->reply_type != NULL)
    g_variant_type_free (call->reply_type);
  g_free (call);
}

/* Ends the call, which is out of the table: on its task's context, through GTask. Takes reply
 * (or NULL) and error (or NULL, when reply is given). */
static void
awaited_call_end (AwaitedCall *call, GDBusMessage *reply, GError *error)
{
  GTask *task = call->task;

  if (call->timeout != NULL)
    {
      g_source_destroy (call->timeout);
      g_source_unref (call->timeout);
    }
  if (call->cancelled != NULL)
    {
      g_source_destroy (call->cancelled);
      g_source_unref (call->cancelled);
    }
  if (reply != NULL)
    {
      if (g_dbus_message_to_gerror (reply, &error))
        ;
      else
        {
          GVariant *body = g_dbus_message_get_body (reply);
          g_autoptr(GVariant) empty = NULL;

          if (body == NULL)
            body = empty = g_variant_ref_sink (g_variant_new ("()"));
          if (call->reply_type != NULL && !g_variant_is_of_type (body, call->reply_type))
            {
              g_autofree char *expected = g_variant_type_dup_string (call->reply_type);

              error = g_error_new (G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                   "Method “%s” returned type “%s”, but expected “%s”", call->method,
                                   g_variant_get_type_string (body), expected);
            }
          else
            g_task_return_pointer (task, g_variant_ref (body), (GDestroyNotify) g_variant_unref);
        }
      g_object_unref (reply);
    }
  if (error != NULL)
    g_task_return_error (task, error);
  g_object_unref (task);
  awaited_call_free (call);
}

/* Takes the call of serial out of the table, or NULL when something else already ended it. */
static AwaitedCall *
awaited_replies_take (AwaitedReplies *replies, guint32 serial)
{
  AwaitedCall *call = NULL;

  g_mutex_lock (&replies->lock);
  g_hash_table_steal_extended (replies->calls, GUINT_TO_POINTER (serial), NULL, (gpointer *) &call);
  g_mutex_unlock (&replies->lock);
  return call;
}

/* What a timeout's or a cancel's source knows: the table and the serial, so that it ends the
 * call only when nothing else has. */
typedef struct
{
  AwaitedReplies *replies;
  guint32 serial;
} AwaitedSerial;

static AwaitedSerial *
awaited_serial_new (AwaitedReplies *replies, guint32 serial)
{
  AwaitedSerial *awaited = g_new0 (AwaitedSerial, 1);

  awaited->replies = g_atomic_rc_box_acquire (replies);
  awaited->serial = serial;
  return awaited;
}

static void
awaited_serial_free (gpointer data)
{
  AwaitedSerial *awaited = data;

  awaited_replies_drop (awaited->replies);
  g_free (awaited);
}

/* Ends the call of awaited with G_IO_ERROR code, unless a reply or another source ended it. */
static gboolean
awaited_call_fail (AwaitedSerial *awaited, GIOErrorEnum code, const char *message)
{
  AwaitedCall *call = awaited_replies_take (awaited->replies, awaited->serial);

  if (call != NULL)
    awaited_call_end (call, NULL, g_error_new_literal (G_IO_ERROR, code, message));
  return G_SOURCE_REMOVE;
}

static gboolean
awaited_call_timed_out (gpointer data)
{
  return awaited_call_fail (data, G_IO_ERROR_TIMED_OUT, "Timeout was reached");
}

static gboolean
awaited_call_cancelled (GCancellable *cancellable, gpointer data)
{
  return awaited_call_fail (data, G_IO_ERROR_CANCELLED, "Operation was cancelled");
}

/* The connection closed: every call out on it ends, as no reply can come now. */
static void
awaited_replies_closed (GDBusConnection *connection, gboolean remote_peer_vanished, GError *error, gpointer data)
{
  AwaitedReplies *replies = data;
  GHashTableIter iter;
  gpointer call;
  GPtrArray *ended = g_ptr_array_new ();

  g_mutex_lock (&replies->lock);
  g_hash_table_iter_init (&iter, replies->calls);
  while (g_hash_table_iter_next (&iter, NULL, &call))
    {
      g_ptr_array_add (ended, call);
      g_hash_table_iter_steal (&iter);
    }
  g_mutex_unlock (&replies->lock);
  for (guint n = 0; n < ended->len; n++)
    awaited_call_end (ended->pdata[n], NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED, "The connection is closed"));
  g_ptr_array_unref (ended);
}

/* On GDBus's worker thread, for every message: a reply to a call in the table ends it when its
 * sender is the one asked, or the bus with an error; any other reply to it is dropped. */
static GDBusMessage *
awaited_replies_filter (GDBusConnection *connection, GDBusMessage *message, gboolean incoming, gpointer data)
{
  AwaitedReplies *replies = data;
  GDBusMessageType type;
  guint32 serial;
  const char *sender;
  AwaitedCall *call;
  gboolean believed;
  g_autofree char *forgery_destination = NULL; /* for the log: the call may end once the lock goes */

  if (!incoming)
    return message;
  type = g_dbus_message_get_message_type (message);
  if (type != G_DBUS_MESSAGE_TYPE_METHOD_RETURN && type != G_DBUS_MESSAGE_TYPE_ERROR)
    return message;
  serial = g_dbus_message_get_reply_serial (message);
  sender = g_dbus_message_get_sender (message);

  g_mutex_lock (&replies->lock);
  call = g_hash_table_lookup (replies->calls, GUINT_TO_POINTER (serial));
  if (call == NULL)
    {
      /* Not a tp_call's: GDBus's own (AddMatch, a name watch's) or a call already ended. */
      g_mutex_unlock (&replies->lock);
      return message;
    }
  believed = g_strcmp0 (sender, call->destination) == 0
             || (type == G_DBUS_MESSAGE_TYPE_ERROR && g_strcmp0 (sender, TP_BUS_NAME) == 0);
  if (believed)
    g_hash_table_steal (replies->calls, GUINT_TO_POINTER (serial));
  else if (!replies->forgery_logged)
    {
      replies->forgery_logged = TRUE;
      forgery_destination = g_strdup (call->destination);
    }
  g_mutex_unlock (&replies->lock);

  if (believed)
    {
      awaited_call_end (call, message, NULL);
      return NULL;
    }
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
      replies->calls = g_hash_table_new (g_direct_hash, g_direct_equal);
      /* The connection holds one reference, its filter another: both go when it is finalized. */
      g_object_set_data_full (G_OBJECT (connection), awaited_replies_key, replies, awaited_replies_drop);
      g_dbus_connection_add_filter (connection, awaited_replies_filter, g_atomic_rc_box_acquire (replies), awaited_replies_drop);
      g_signal_connect_data (connection, "closed", G_CALLBACK (awaited_replies_closed),
                             g_atomic_rc_box_acquire (replies), awaited_replies_drop_closure, 0);
    }
  g_atomic_rc_box_acquire (replies);
  g_mutex_unlock (&awaited_replies_creation);
  return replies;
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
  GTask *task = g_task_new (connection, cancellable, callback, user_data);
  g_autoptr(GDBusMessage) message = g_dbus_message_new_method_call (destination, path, interface, method);
  AwaitedReplies *replies;
  g_autoptr(GError) error = NULL;
  AwaitedCall *call;
  guint32 serial;

  g_return_if_fail (destination != NULL && (destination[0] == ':' || g_str_equal (destination, TP_BUS_NAME)));
  g_task_set_source_tag (task, tp_call);
  if (parameters != NULL)
    g_dbus_message_set_body (message, parameters);
  if ((flags & G_DBUS_CALL_FLAGS_NO_AUTO_START) != 0)
    g_dbus_message_set_flags (message, G_DBUS_MESSAGE_FLAGS_NO_AUTO_START);
  if (g_task_return_error_if_cancelled (task))
    {
      g_object_unref (task);
      return;
    }

  call = g_new0 (AwaitedCall, 1);
  call->task = task;
  call->destination = g_strdup (destination);
  call->method = g_strdup_printf ("%s.%s", interface, method);
  call->reply_type = reply_type != NULL ? g_variant_type_copy (reply_type) : NULL;
  replies = awaited_replies_of (connection);

  /* The serial is in the table before the filter can see its reply: the filter takes the lock. */
  g_mutex_lock (&replies->lock);
  if (!g_dbus_connection_send_message (connection, message, G_DBUS_SEND_MESSAGE_FLAGS_NONE, &serial, &error))
    {
      g_mutex_unlock (&replies->lock);
      awaited_replies_drop (replies);
      g_task_return_error (task, g_steal_pointer (&error));
      g_object_unref (task);
      awaited_call_free (call);
      return;
    }
  /* G_MAXINT is no limit, as for GDBus: a call the person answers. */
  if (timeout_ms != G_MAXINT)
    {
      call->timeout = g_timeout_source_new (timeout_ms < 0 ? TP_CALL_DEFAULT_TIMEOUT_MS : (guint) timeout_ms);
      g_source_set_callback (call->timeout, awaited_call_timed_out, awaited_serial_new (replies, serial), awaited_serial_free);
    }
  if (cancellable != NULL)
    {
      call->cancelled = g_cancellable_source_new (cancellable);
      g_source_set_callback (call->cancelled, G_SOURCE_FUNC (awaited_call_cancelled), awaited_serial_new (replies, serial),
                             awaited_serial_free);
    }
  g_hash_table_insert (replies->calls, GUINT_TO_POINTER (serial), call);
  /* Attached under the lock too: a reply that ends the call at once destroys them after. */
  if (call->timeout != NULL)
    g_source_attach (call->timeout, g_task_get_context (task));
  if (call->cancelled != NULL)
    g_source_attach (call->cancelled, g_task_get_context (task));
  g_mutex_unlock (&replies->lock);
  awaited_replies_drop (replies);
}

GVariant *
tp_call_finish (GDBusConnection *connection, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, connection), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
