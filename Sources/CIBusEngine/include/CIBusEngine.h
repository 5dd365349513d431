#ifndef APPEX_CIBUSENGINE_H
#define APPEX_CIBUSENGINE_H

/* The IBusEngine subclass that KeyboardIBus serves: a GType registration and
 * trampolines into hooks that Swift sets. All input-method logic is in Swift. */

#include <ibus.h>

G_BEGIN_DECLS

/** What happened to an engine, as told to AppexIBusEngineHooks.event. */
typedef enum {
    APPEX_IBUS_ENGINE_FOCUS_IN,
    APPEX_IBUS_ENGINE_FOCUS_OUT,
    APPEX_IBUS_ENGINE_RESET,
    APPEX_IBUS_ENGINE_ENABLE,
    APPEX_IBUS_ENGINE_DISABLE,
    /** The engine is being destroyed; its context is never passed again. */
    APPEX_IBUS_ENGINE_DESTROYED,
} AppexIBusEngineEvent;

/** Functions an engine calls with its context, all on the thread of its
 * connection's main context. */
typedef struct {
    /** A ProcessKeyEvent call: answer it with appex_ibus_engine_reply_key. */
    void (*process_key)(void *context, IBusEngine *engine, guint keyval,
                        guint keycode, guint state,
                        GDBusMethodInvocation *invocation);
    void (*event)(void *context, AppexIBusEngineEvent event);
    void (*surrounding_text)(void *context, const gchar *text, guint cursor,
                             guint anchor);
    void (*content_type)(void *context, guint purpose, guint hints);
    /** Where the app's insertion point is, in screen coordinates (IBus's
     * set_cursor_location): the panel is placed beside it. */
    void (*cursor_location)(void *context, gint x, gint y, gint width,
                            gint height);
} AppexIBusEngineHooks;

/** Makes the context of a new engine, or returns NULL to refuse the name. */
typedef void *(*AppexIBusCreateEngine)(void *factory_context,
                                       IBusEngine *engine,
                                       const gchar *engine_name);

/** An IBusFactory on connection that makes an engine of the subclass for each
 * CreateEngine call, with these hooks and the context create returns. */
IBusFactory *appex_ibus_factory_new(GDBusConnection *connection,
                                    const AppexIBusEngineHooks *hooks,
                                    AppexIBusCreateEngine create,
                                    void *factory_context);

/** Answers a ProcessKeyEvent call. A key that was not handled goes on to
 * IBusEngine's own handling (its panel-extension hot keys) unless the engine
 * is already destroyed (or NULL). Consumes invocation. */
void appex_ibus_engine_reply_key(IBusEngine *engine,
                                 GDBusMethodInvocation *invocation,
                                 gboolean handled);

/** Calls closed(data) when the connection closes; returns the handler id. */
gulong appex_ibus_connection_on_closed(GDBusConnection *connection,
                                       void (*closed)(void *data),
                                       void *data);

G_END_DECLS

#endif
