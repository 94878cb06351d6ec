/* The program's own language and time zone, which a pick sends unasked (as the Swift library
 * and timepickerctl do), so that the picker speaks the app's language and shows the app's zone
 * rather than the service's. Read as glibc reads them, without setlocale or tzset, which would
 * change the program's own state.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

#include <locale.h>
#include <string.h>
#include <unistd.h>

/* Where glibc finds zones when TZDIR does not say. */
#define TP_ZONE_DIRECTORY "/usr/share/zoneinfo"
/* How many links /etc/localtime may lead through before one leads into the zone directory. */
#define TP_ZONE_LINK_STEPS 8

char *
tp_own_locale (void)
{
  static const char *const variables[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  const char *named = "C";
  locale_t loaded;

  /* The first set and not empty, as glibc takes them; none is the C locale. */
  for (guint n = 0; n < G_N_ELEMENTS (variables); n++)
    {
      const char *value = g_getenv (variables[n]);

      if (value != NULL && *value != '\0')
        {
          named = value;
          break;
        }
    }
  /* Only a locale this system has: another is not the program's language either. */
  loaded = newlocale (LC_MESSAGES_MASK, named, (locale_t) 0);
  if (loaded == (locale_t) 0)
    return NULL;
  freelocale (loaded);
  return g_strdup (named);
}

/* The zone's name when path is a zone file inside directory ("…/Europe/Berlin" → "Europe/Berlin"),
 * else NULL. */
static char *
zone_name_in (const char *directory, const char *path)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *prefix = g_strconcat (directory, "/", NULL);
  const char *name;

  if (!g_str_has_prefix (canonical, prefix))
    return NULL;
  name = canonical + strlen (prefix);
  if (*name == '\0' || !g_file_test (canonical, G_FILE_TEST_IS_REGULAR))
    return NULL;
  return g_strdup (name);
}

/* The zone path names, in the zone directory or the default one, or NULL. */
static char *
zone_name_of_path (const char *path)
{
  const char *directory = g_getenv ("TZDIR");
  char *name = NULL;

  if (directory != NULL && *directory == '/')
    name = zone_name_in (directory, path);
  if (name == NULL)
    name = zone_name_in (TP_ZONE_DIRECTORY, path);
  return name;
}

/* The zone the link at path leads to, following links out of the zone directory a few steps. */
static char *
zone_name_of_link (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (guint step = 0; step < TP_ZONE_LINK_STEPS; step++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      char *name;

      if (target == NULL)
        return NULL;
      if (!g_path_is_absolute (target))
        {
          g_autofree char *directory = g_path_get_dirname (current);
          char *joined = g_build_filename (directory, target, NULL);

          g_free (target);
          target = joined;
        }
      name = zone_name_of_path (target);
      if (name != NULL)
        return name;
      g_free (current);
      current = g_steal_pointer (&target);
    }
  return NULL;
}

char *
tp_own_time_zone (void)
{
  return tp_zone_name (g_getenv ("TZ"));
}

char *
tp_zone_name (const char *variable)
{
  g_autofree char *path = NULL;

  if (variable == NULL)
    /* glibc's default: /etc/localtime, named by where it links to. */
    return zone_name_of_link ("/etc/localtime");
  if (*variable == ':')
    variable++;
  if (*variable == '/')
    {
      char *name = zone_name_of_path (variable);

      return name != NULL ? name : zone_name_of_link (variable);
    }
  /* A name in the database; a POSIX rule ("CET-1CEST") or nothing has no name to send. */
  if (*variable == '\0' || strstr (variable, "..") != NULL)
    return NULL;
  path = g_build_filename (g_getenv ("TZDIR") != NULL ? g_getenv ("TZDIR") : TP_ZONE_DIRECTORY, variable, NULL);
  return g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_strdup (variable) : NULL;
}
