package dev.petrel.client.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The process-wide registry of {@link ClientInstance}s, one per NameServer set and client id, reference-counted: the
 * first client of a key creates and starts the instance, the last one to close shuts it down.
 *
 * <p>Threads: any application thread; acquire and release hold the class's monitor, so an instance is never shut
 * down while another client acquires it.
 */
public final class ClientInstances {

    private static final Map<String, ClientInstance> INSTANCES = new HashMap<>();
    private static final Map<ClientInstance, Integer> USERS = new HashMap<>();

    private ClientInstances() {
    }

    /** The shared instance for these settings, started; pair with {@link #release}. */
    public static synchronized ClientInstance acquire(ClientSettings settings) {
        ClientInstance instance = INSTANCES.get(settings.instanceKey());
        if (instance == null) {
            instance = new ClientInstance(settings);
            instance.start();
            INSTANCES.put(settings.instanceKey(), instance);
        }
        USERS.merge(instance, 1, Integer::sum);
        return instance;
    }

    /** One user is done; the last one shuts the instance down. */
    public static void release(ClientInstance instance) {
        boolean last;
        synchronized (ClientInstances.class) {
            Integer users = USERS.get(instance);
            if (users == null) {
                return;
            }
            last = users == 1;
            if (last) {
                USERS.remove(instance);
                INSTANCES.values().remove(instance);
            } else {
                USERS.put(instance, users - 1);
            }
        }
        if (last) {
            instance.shutdown();
        }
    }
}
