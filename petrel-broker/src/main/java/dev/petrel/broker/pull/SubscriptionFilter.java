package dev.petrel.broker.pull;

import dev.petrel.broker.longpoll.HeldPull;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.PropertyLookup;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A compiled subscription as the store and long polling use it. TAG filters check only the ConsumeQueue tag code;
 * SQL92 filters (with {@code enablePropertyFilter}) also read the record's properties. Immutable, thread-safe.
 */
final class SubscriptionFilter implements dev.petrel.store.MessageFilter, HeldPull.WakeFilter {

    private final MessageFilter filter;
    private final boolean tagOnly;

    SubscriptionFilter(MessageFilter filter) {
        this.filter = filter;
        this.tagOnly = MessageFilter.TAG.equals(filter.expressionType());
    }

    @Override
    public boolean matchesTagCode(long tagCode) {
        return filter.matchesTagCode(tagCode);
    }

    @Override
    public boolean matchesRecord(ByteBuffer record) {
        if (tagOnly) {
            return true;
        }
        MessageRecordLayout.Sections s = MessageRecordLayout.sections(record, 0);
        byte[] props = new byte[s.propertiesLength()];
        record.get(s.propertiesOffset(), props);
        return filter.matchesProperties(PropertyLookup.of(PropertiesCodec.decode(new String(props, StandardCharsets.UTF_8))));
    }

    @Override
    public boolean matches(long tagCode, java.util.Map<String, String> properties) {
        return filter.matchesTagCode(tagCode) && (tagOnly || filter.matchesProperties(PropertyLookup.of(properties)));
    }
}
