#include "CIBusEngine.h"

#include <string.h>

typedef struct {
    IBusEngine parent;
    AppexIBusEngineHooks hooks;
    void *context;
} AppexIBusEngine;

typedef struct {
    IBusEngineClass parent;
} AppexIBusEngineClass;

G_DEFINE_TYPE(AppexIBusEngine, appex_ibus_engine, IBUS_TYPE_ENGINE)

static void
appex_ibus_engine_init(AppexIBusEngine *self)
{
    memset(&self->hooks, 0, sizeof self->hooks);
    self->context = NULL;
}

static void
appex_ibus_engine_notify(IBusEngine *engine, AppexIBusEngineEvent event)
{
    AppexIBusEngine *self = (AppexIBusEngine *) engine;
    if (self->context != NULL)
        self->hooks.event(self->context, event);
}

static void
appex_ibus_engine_focus_in(IBusEngine *engine)
{
    appex_ibus_engine_notify(engine, APPEX_IBUS_ENGINE_FOCUS_IN);
}

static void
appex_ibus_engine_focus_out(IBusEngine *engine)
{
    appex_ibus_engine_notify(engine, APPEX_IBUS_ENGINE_FOCUS_OUT);
}

static void
appex_ibus_engine_reset(IBusEngine *engine)
{
    appex_ibus_engine_notify(engine, APPEX_IBUS_ENGINE_RESET);
}

static void
appex_ibus_engine_enable(IBusEngine *engine)
{
    appex_ibus_engine_notify(engine, APPEX_IBUS_ENGINE_ENABLE);
}

static void
appex_ibus_engine_disable(IBusEngine *engine)
{
    appex_ibus_engine_notify(engine, APPEX_IBUS_ENGINE_DISABLE);
}

static void
appex_ibus_engine_set_surrounding_text(IBusEngine *engine, IBusText *text,
                                       guint cursor, guint anchor)
{
    AppexIBusEngine *self = (AppexIBusEngine *) engine;
    /* IBusEngine keeps the text for delete_surrounding_text. */
    IBUS_ENGINE_CLASS(appex_ibus_engine_parent_class)
        ->set_surrounding_text(engine, text, cursor, anchor);
    if (self->context != NULL)
        self->hooks.surrounding_text(self->context, text ? text->text : "",
                                     cursor, anchor);
}

static void
appex_ibus_engine_set_content_type(IBusEngine *engine, guint purpose,
                                   guint hints)
{
    AppexIBusEngine *self = (AppexIBusEngine *) engine;
    if (self->context != NULL)
        self->hooks.content_type(self->context, purpose, hints);
}

static void
appex_ibus_engine_set_cursor_location(IBusEngine *engine, gint x, gint y,
                                      gint width, gint height)
{
    AppexIBusEngine *self = (AppexIBusEngine *) engine;
    if (self->context != NULL && self->hooks.cursor_location != NULL)
        self->hooks.cursor_location(self->context, x, y, width, height);
}

static void
appex_ibus_engine_method_call(IBusService *service,
                              GDBusConnection *connection,
                              const gchar *sender,
                              const gchar *object_path,
                              const gchar *interface_name,
                              const gchar *method_name,
                              GVariant *parameters,
                              GDBusMethodInvocation *invocation)
{
    AppexIBusEngine *self = (AppexIBusEngine *) service;
    if (self->context != NULL &&
        g_strcmp0(interface_name, IBUS_INTERFACE_ENGINE) == 0 &&
        g_strcmp0(method_name, "ProcessKeyEvent") == 0 &&
        ibus_service_get_connection(service) == connection) {
        guint keyval = 0, keycode = 0, state = 0;
        g_variant_get(parameters, "(uuu)", &keyval, &keycode, &state);
        self->hooks.process_key(self->context, (IBusEngine *) self, keyval,
                                keycode, state, invocation);
        return;
    }
    IBUS_SERVICE_CLASS(appex_ibus_engine_parent_class)
        ->service_method_call(service, connection, sender, object_path,
                              interface_name, method_name, parameters,
                              invocation);
}

static void
appex_ibus_engine_destroy(IBusObject *object)
{
    AppexIBusEngine *self = (AppexIBusEngine *) object;
    void *context = self->context;
    self->context = NULL;
    if (context != NULL)
        self->hooks.event(context, APPEX_IBUS_ENGINE_DESTROYED);
    IBUS_OBJECT_CLASS(appex_ibus_engine_parent_class)->destroy(object);
}

static void
appex_ibus_engine_class_init(AppexIBusEngineClass *klass)
{
    IBusEngineClass *engine_class = IBUS_ENGINE_CLASS(klass);
    IBUS_OBJECT_CLASS(klass)->destroy = appex_ibus_engine_destroy;
    IBUS_SERVICE_CLASS(klass)->service_method_call =
        appex_ibus_engine_method_call;
    engine_class->focus_in = appex_ibus_engine_focus_in;
    engine_class->focus_out = appex_ibus_engine_focus_out;
    engine_class->reset = appex_ibus_engine_reset;
    engine_class->enable = appex_ibus_engine_enable;
    engine_class->disable = appex_ibus_engine_disable;
    engine_class->set_surrounding_text = appex_ibus_engine_set_surrounding_text;
    engine_class->set_content_type = appex_ibus_engine_set_content_type;
    engine_class->set_cursor_location = appex_ibus_engine_set_cursor_location;
}

void
appex_ibus_engine_reply_key(IBusEngine *engine,
                            GDBusMethodInvocation *invocation,
                            gboolean handled)
{
    if (!handled && engine != NULL && !IBUS_OBJECT_IN_DESTRUCTION(engine) &&
        !IBUS_OBJECT_DESTROYED(engine)) {
        IBUS_SERVICE_CLASS(appex_ibus_engine_parent_class)
            ->service_method_call(
                (IBusService *) engine,
                g_dbus_method_invocation_get_connection(invocation),
                g_dbus_method_invocation_get_sender(invocation),
                g_dbus_method_invocation_get_object_path(invocation),
                g_dbus_method_invocation_get_interface_name(invocation),
                g_dbus_method_invocation_get_method_name(invocation),
                g_dbus_method_invocation_get_parameters(invocation),
                invocation);
        return;
    }
    g_dbus_method_invocation_return_value(invocation,
                                          g_variant_new("(b)", handled));
}

typedef struct {
    AppexIBusEngineHooks hooks;
    AppexIBusCreateEngine create;
    void *context;
    guint serial;
} AppexIBusFactoryData;

static IBusEngine *
appex_ibus_factory_create_engine(IBusFactory *factory, const gchar *name,
                                 gpointer user_data)
{
    AppexIBusFactoryData *data = user_data;
    gchar *path = g_strdup_printf("/org/freedesktop/IBus/Engine/Appex/%u",
                                  ++data->serial);
    AppexIBusEngine *self = g_object_new(
        appex_ibus_engine_get_type(), "engine-name", name, "object-path", path,
        "connection", ibus_service_get_connection((IBusService *) factory),
        NULL);
    g_free(path);
    self->hooks = data->hooks;
    self->context = data->create(data->context, (IBusEngine *) self, name);
    if (self->context == NULL) {
        g_object_ref_sink(self);
        ibus_object_destroy((IBusObject *) self);
        g_object_unref(self);
        return NULL;
    }
    return (IBusEngine *) self;
}

static void
appex_ibus_free_closure_data(gpointer data, GClosure *closure)
{
    (void) closure;
    g_free(data);
}

IBusFactory *
appex_ibus_factory_new(GDBusConnection *connection,
                       const AppexIBusEngineHooks *hooks,
                       AppexIBusCreateEngine create, void *factory_context)
{
    IBusFactory *factory = ibus_factory_new(connection);
    AppexIBusFactoryData *data = g_new0(AppexIBusFactoryData, 1);
    data->hooks = *hooks;
    data->create = create;
    data->context = factory_context;
    g_signal_connect_data(factory, "create-engine",
                          G_CALLBACK(appex_ibus_factory_create_engine), data,
                          appex_ibus_free_closure_data, 0);
    return factory;
}

typedef struct {
    void (*closed)(void *data);
    void *data;
} AppexIBusClosedData;

static void
appex_ibus_connection_closed(GDBusConnection *connection,
                             gboolean remote_peer_vanished, GError *error,
                             gpointer user_data)
{
    (void) connection;
    (void) remote_peer_vanished;
    (void) error;
    AppexIBusClosedData *data = user_data;
    data->closed(data->data);
}

gulong
appex_ibus_connection_on_closed(GDBusConnection *connection,
                                void (*closed)(void *data), void *data)
{
    AppexIBusClosedData *closure = g_new0(AppexIBusClosedData, 1);
    closure->closed = closed;
    closure->data = data;
    return g_signal_connect_data(connection, "closed",
                                 G_CALLBACK(appex_ibus_connection_closed),
                                 closure, appex_ibus_free_closure_data, 0);
}
