package dev.petrel.message;

/**
 * The bits of a record's SYSFLAG field (message-format.md §2).
 */
public final class SysFlag {

    public static final int COMPRESSED = 0x1;
    public static final int MULTI_TAGS = 0x2;
    public static final int TRANSACTION_NOT_TYPE = 0;
    public static final int TRANSACTION_PREPARED_TYPE = 0x4;
    public static final int TRANSACTION_COMMIT_TYPE = 0x8;
    public static final int TRANSACTION_ROLLBACK_TYPE = 0xC;
    public static final int TRANSACTION_TYPE_MASK = 0xC;
    public static final int BORNHOST_V6 = 0x10;
    public static final int STOREHOST_V6 = 0x20;
    public static final int NEED_UNWRAP = 0x40;
    public static final int INNER_BATCH = 0x80;
    public static final int COMPRESSION_LZ4 = 0x100;
    public static final int COMPRESSION_ZSTD = 0x200;
    public static final int COMPRESSION_ZLIB = 0x300;
    public static final int COMPRESSION_TYPE_MASK = 0x700;

    /** Compression type values, {@code (sysFlag & 0x700) >> 8}; 0 means zlib (4.x clients set only bit 0x1). */
    public static final int COMPRESSION_VALUE_LZ4 = 1;
    public static final int COMPRESSION_VALUE_ZSTD = 2;
    public static final int COMPRESSION_VALUE_ZLIB = 3;

    private SysFlag() {
    }

    public static int transactionType(int sysFlag) {
        return sysFlag & TRANSACTION_TYPE_MASK;
    }

    public static int withTransactionType(int sysFlag, int type) {
        return (sysFlag & ~TRANSACTION_TYPE_MASK) | type;
    }

    public static boolean isCompressed(int sysFlag) {
        return (sysFlag & COMPRESSED) != 0;
    }

    /** The compression type value (1 LZ4, 2 ZSTD, 3 ZLIB); 0 is reported as ZLIB, as RocketMQ does. */
    public static int compressionType(int sysFlag) {
        int v = (sysFlag & COMPRESSION_TYPE_MASK) >> 8;
        return v == 0 ? COMPRESSION_VALUE_ZLIB : v;
    }

    public static boolean bornHostV6(int sysFlag) {
        return (sysFlag & BORNHOST_V6) != 0;
    }

    public static boolean storeHostV6(int sysFlag) {
        return (sysFlag & STOREHOST_V6) != 0;
    }
}
