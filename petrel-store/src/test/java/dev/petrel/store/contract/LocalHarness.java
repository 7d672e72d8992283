package dev.petrel.store.contract;

import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageDraft;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoreFixture;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A LocalMessageStore in one gate mode, written through its own puts. */
final class LocalHarness implements StoreHarness {

    private final Map<String, String> config;
    private LocalMessageStore store;

    LocalHarness(Path dir, Map<String, String> extra) {
        this.config = StoreFixture.smallConfig(dir);
        config.putAll(extra);
        open();
    }

    private void open() {
        store = StoreFixture.store(config, Clock.system());
        store.start();
    }

    @Override
    public MessageStore store() {
        return store;
    }

    @Override
    public PutResult put(MessageDraft message) throws Exception {
        return store.putMessage(message).get(30, TimeUnit.SECONDS);
    }

    @Override
    public PutResult putBatch(List<MessageDraft> batch) throws Exception {
        return store.putMessages(batch).get(30, TimeUnit.SECONDS);
    }

    @Override
    public void restart() {
        store.shutdown();
        open();
    }

    @Override
    public void close() {
        store.shutdown();
    }
}
