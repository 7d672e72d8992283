package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.NamesrvWriterLoop;
import dev.petrel.namesrv.kv.KvConfigTable;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigResponseHeader;
import dev.petrel.protocol.header.namesrv.GetKVListByNamespaceRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import dev.petrel.remoting.RequestContext;
import java.io.IOException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The KV config: PUT_KV_CONFIG (100), GET_KV_CONFIG (101), DELETE_KV_CONFIG (102), GET_KVLIST_BY_NAMESPACE (219).
 * Reads are answered at once; writes run on the writer thread and are answered after the file was saved.
 */
public final class KvConfigProcessor extends NamesrvProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(KvConfigProcessor.class);

    private final KvConfigTable kv;
    private final NamesrvWriterLoop writer;

    public KvConfigProcessor(KvConfigTable kv, NamesrvWriterLoop writer) {
        this.kv = kv;
        this.writer = writer;
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        return switch (request.code()) {
            case RequestCode.PUT_KV_CONFIG -> {
                PutKVConfigRequestHeader h = header(request, PutKVConfigRequestHeader.class);
                yield later(context, request, () -> writer.submit(() -> save(request, () -> kv.put(h.namespace(), h.key(),
                    h.value()), "put " + h.namespace() + "/" + h.key() + "=" + h.value(), context)));
            }
            case RequestCode.GET_KV_CONFIG -> {
                GetKVConfigRequestHeader h = header(request, GetKVConfigRequestHeader.class);
                String value = kv.get(h.namespace(), h.key());
                yield value != null ? success(request, new GetKVConfigResponseHeader(value), null)
                    : request.response(ResponseCode.QUERY_NOT_FOUND,
                        "No config item, Namespace: " + h.namespace() + " Key: " + h.key());
            }
            case RequestCode.DELETE_KV_CONFIG -> {
                DeleteKVConfigRequestHeader h = header(request, DeleteKVConfigRequestHeader.class);
                yield later(context, request, () -> writer.submit(() -> save(request, () -> kv.delete(h.namespace(),
                    h.key()), "delete " + h.namespace() + "/" + h.key(), context)));
            }
            case RequestCode.GET_KVLIST_BY_NAMESPACE -> {
                String namespace = header(request, GetKVListByNamespaceRequestHeader.class).namespace();
                Map<String, String> entries = kv.namespace(namespace);
                yield entries != null ? success(request, null, KVTable.CODEC.encode(new KVTable(entries)))
                    : request.response(ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + namespace);
            }
            default -> throw new IllegalArgumentException("not a KV config request: " + request.code());
        };
    }

    private interface KvWrite {
        void run() throws IOException;
    }

    /** Runs a write; a file that cannot be saved leaves memory unchanged and is reported to the caller. */
    private RemotingCommand save(RemotingCommand request, KvWrite write, String what, RequestContext context) {
        try {
            write.run();
            LOG.info("KV config: {} (from {})", what, context.remoteAddress());
            return success(request);
        } catch (IOException e) {
            LOG.error("KV config: cannot {}: saving {} failed", what, kv.file(), e);
            return request.response(ResponseCode.SYSTEM_ERROR, "cannot save the KV config to " + kv.file() + ": " + e
                + "; nothing was changed");
        }
    }
}
