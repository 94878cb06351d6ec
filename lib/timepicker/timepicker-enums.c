/* The typed options' enums, registered by hand as the error's is (no glib-mkenums step). The
 * nicks name the members in introspection, so they are identifiers ("twelve-hour", not the
 * option's "12h"); the user interface's are the option's texts too.
 *
 * SPDX-License-Identifier: MIT
 */
#include "timepicker-private.h"

GType
time_picker_clock_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { TIME_PICKER_CLOCK_DEFAULT, "TIME_PICKER_CLOCK_DEFAULT", "default" },
    { TIME_PICKER_CLOCK_TWELVE_HOUR, "TIME_PICKER_CLOCK_TWELVE_HOUR", "twelve-hour" },
    { TIME_PICKER_CLOCK_TWENTY_FOUR_HOUR, "TIME_PICKER_CLOCK_TWENTY_FOUR_HOUR", "twenty-four-hour" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TimePickerClock"), values));
  return type;
}

GType
time_picker_user_interface_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { TIME_PICKER_USER_INTERFACE_DEFAULT, "TIME_PICKER_USER_INTERFACE_DEFAULT", "default" },
    { TIME_PICKER_USER_INTERFACE_TERMINAL, "TIME_PICKER_USER_INTERFACE_TERMINAL", "terminal" },
    { TIME_PICKER_USER_INTERFACE_NOTIFICATION, "TIME_PICKER_USER_INTERFACE_NOTIFICATION", "notification" },
    { TIME_PICKER_USER_INTERFACE_DIALOG, "TIME_PICKER_USER_INTERFACE_DIALOG", "dialog" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TimePickerUserInterface"), values));
  return type;
}

const char *
tp_enum_option_text (GType type, int value)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (type);
  GEnumValue *enum_value = g_enum_get_value (enum_class, value);

  /* Nicks are static strings: they outlive the class reference. */
  return value == 0 || enum_value == NULL ? NULL : enum_value->value_nick;
}
