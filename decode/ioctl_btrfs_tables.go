package decode

// The value tables of the btrfs ioctls (linux/btrfs.h, linux/btrfs_tree.h),
// as strace 6.1 prints them.

// btrfsBalanceArgs names the BTRFS_BALANCE_ARGS_* filter flags of a balance.
var btrfsBalanceArgs = &xlat{vals: []xv{
	{0x1, "BTRFS_BALANCE_ARGS_PROFILES"}, {0x2, "BTRFS_BALANCE_ARGS_USAGE"}, {0x4, "BTRFS_BALANCE_ARGS_DEVID"},
	{0x8, "BTRFS_BALANCE_ARGS_DRANGE"}, {0x10, "BTRFS_BALANCE_ARGS_VRANGE"}, {0x20, "BTRFS_BALANCE_ARGS_LIMIT"},
	{0x40, "BTRFS_BALANCE_ARGS_LIMIT_RANGE"}, {0x80, "BTRFS_BALANCE_ARGS_STRIPES_RANGE"},
	{0x100, "BTRFS_BALANCE_ARGS_CONVERT"}, {0x200, "BTRFS_BALANCE_ARGS_SOFT"},
	{0x400, "BTRFS_BALANCE_ARGS_USAGE_RANGE"},
}, dflt: "BTRFS_BALANCE_ARGS_???"}

// btrfsBalanceCtlCmds names the BTRFS_IOC_BALANCE_CTL commands.
var btrfsBalanceCtlCmds = &xlat{vals: []xv{
	{1, "BTRFS_BALANCE_CTL_PAUSE"}, {2, "BTRFS_BALANCE_CTL_CANCEL"},
}, dflt: "BTRFS_BALANCE_CTL_???"}

// btrfsBalanceFlags names the BTRFS_BALANCE_* flags of a balance request.
var btrfsBalanceFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_BALANCE_DATA"}, {0x2, "BTRFS_BALANCE_SYSTEM"}, {0x4, "BTRFS_BALANCE_METADATA"},
	{0x8, "BTRFS_BALANCE_FORCE"}, {0x10, "BTRFS_BALANCE_RESUME"},
}, dflt: "BTRFS_BALANCE_???"}

// btrfsBalanceState names the BTRFS_BALANCE_STATE_* bits of a balance's state.
var btrfsBalanceState = &xlat{vals: []xv{
	{0x1, "BTRFS_BALANCE_STATE_RUNNING"}, {0x2, "BTRFS_BALANCE_STATE_PAUSE_REQ"},
	{0x4, "BTRFS_BALANCE_STATE_CANCEL_REQ"},
}, dflt: "BTRFS_BALANCE_STATE_???"}

// btrfsCompressTypes names the BTRFS_COMPRESS_* algorithms of a defrag.
var btrfsCompressTypes = &xlat{vals: []xv{
	{0, "BTRFS_COMPRESS_NONE"}, {1, "BTRFS_COMPRESS_ZLIB"}, {2, "BTRFS_COMPRESS_LZO"}, {3, "BTRFS_COMPRESS_ZSTD"},
}, dflt: "BTRFS_COMPRESS_???"}

// btrfsContReadingMode names a device replace's
// BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_* modes.
var btrfsContReadingMode = &xlat{vals: []xv{
	{0, "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_ALWAYS"},
	{1, "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_AVOID"},
}, dflt: "BTRFS_IOCTL_DEV_REPLACE_CONT_READING_FROM_SRCDEV_MODE_???"}

// btrfsCsumTypes names the BTRFS_CSUM_TYPE_* checksum algorithms.
var btrfsCsumTypes = &xlat{vals: []xv{
	{0, "BTRFS_CSUM_TYPE_CRC32"}, {1, "BTRFS_CSUM_TYPE_XXHASH"}, {2, "BTRFS_CSUM_TYPE_SHA256"},
	{3, "BTRFS_CSUM_TYPE_BLAKE2"},
}, dflt: "BTRFS_CSUM_TYPE_???"}

// btrfsDefragFlags names the BTRFS_DEFRAG_RANGE_* flags of a defrag range.
var btrfsDefragFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_DEFRAG_RANGE_COMPRESS"}, {0x2, "BTRFS_DEFRAG_RANGE_START_IO"},
}, dflt: "BTRFS_DEFRAG_RANGE_???"}

// btrfsDevReplaceCmds names the BTRFS_IOC_DEV_REPLACE commands.
var btrfsDevReplaceCmds = &xlat{vals: []xv{
	{0, "BTRFS_IOCTL_DEV_REPLACE_CMD_START"}, {1, "BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS"},
	{2, "BTRFS_IOCTL_DEV_REPLACE_CMD_CANCEL"},
}, dflt: "BTRFS_IOCTL_DEV_REPLACE_CMD_???"}

// btrfsDevReplaceResults names the BTRFS_IOC_DEV_REPLACE results.
var btrfsDevReplaceResults = &xlat{vals: []xv{
	{0, "BTRFS_IOCTL_DEV_REPLACE_RESULT_NO_ERROR"}, {1, "BTRFS_IOCTL_DEV_REPLACE_RESULT_NOT_STARTED"},
	{2, "BTRFS_IOCTL_DEV_REPLACE_RESULT_ALREADY_STARTED"},
	{3, "BTRFS_IOCTL_DEV_REPLACE_RESULT_SCRUB_INPROGRESS"},
}, dflt: "BTRFS_IOCTL_DEV_REPLACE_RESULT_???"}

// btrfsDevReplaceState names the states of a device replace.
var btrfsDevReplaceState = &xlat{vals: []xv{
	{0, "BTRFS_IOCTL_DEV_REPLACE_STATE_NEVER_STARTED"}, {1, "BTRFS_IOCTL_DEV_REPLACE_STATE_STARTED"},
	{2, "BTRFS_IOCTL_DEV_REPLACE_STATE_FINISHED"}, {3, "BTRFS_IOCTL_DEV_REPLACE_STATE_CANCELED"},
	{4, "BTRFS_IOCTL_DEV_REPLACE_STATE_SUSPENDED"},
}, dflt: "BTRFS_IOCTL_DEV_REPLACE_STATE_???"}

// btrfsDevStatsFlags names the BTRFS_DEV_STATS_* flags of BTRFS_IOC_GET_DEV_STATS.
var btrfsDevStatsFlags = &xlat{vals: []xv{{0x1, "BTRFS_DEV_STATS_RESET"}}, dflt: "BTRFS_DEV_STATS_???"}

// btrfsDevStatsValues names the BTRFS_DEV_STAT_* counters, by index.
var btrfsDevStatsValues = &xlat{vals: []xv{
	{0, "BTRFS_DEV_STAT_WRITE_ERRS"}, {1, "BTRFS_DEV_STAT_READ_ERRS"}, {2, "BTRFS_DEV_STAT_FLUSH_ERRS"},
	{3, "BTRFS_DEV_STAT_CORRUPTION_ERRS"}, {4, "BTRFS_DEV_STAT_GENERATION_ERRS"},
}, decimal: true}

// btrfsFeaturesCompat names the BTRFS_FEATURE_COMPAT_* features; strace
// 6.1 knows none.
var btrfsFeaturesCompat = &xlat{dflt: "BTRFS_FEATURE_COMPAT_???"}

// btrfsFeaturesCompatRO names the BTRFS_FEATURE_COMPAT_RO_* features.
var btrfsFeaturesCompatRO = &xlat{vals: []xv{
	{0x1, "BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE"}, {0x2, "BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE_VALID"},
	{0x4, "BTRFS_FEATURE_COMPAT_RO_VERITY"}, {0x8, "BTRFS_FEATURE_COMPAT_RO_BLOCK_GROUP_TREE"},
}, dflt: "BTRFS_FEATURE_COMPAT_RO_???"}

// btrfsFeaturesIncompat names the BTRFS_FEATURE_INCOMPAT_* features.
var btrfsFeaturesIncompat = &xlat{vals: []xv{
	{0x1, "BTRFS_FEATURE_INCOMPAT_MIXED_BACKREF"}, {0x2, "BTRFS_FEATURE_INCOMPAT_DEFAULT_SUBVOL"},
	{0x4, "BTRFS_FEATURE_INCOMPAT_MIXED_GROUPS"}, {0x8, "BTRFS_FEATURE_INCOMPAT_COMPRESS_LZO"},
	{0x10, "BTRFS_FEATURE_INCOMPAT_COMPRESS_ZSTD"}, {0x20, "BTRFS_FEATURE_INCOMPAT_BIG_METADATA"},
	{0x40, "BTRFS_FEATURE_INCOMPAT_EXTENDED_IREF"}, {0x80, "BTRFS_FEATURE_INCOMPAT_RAID56"},
	{0x100, "BTRFS_FEATURE_INCOMPAT_SKINNY_METADATA"}, {0x200, "BTRFS_FEATURE_INCOMPAT_NO_HOLES"},
	{0x400, "BTRFS_FEATURE_INCOMPAT_METADATA_UUID"}, {0x800, "BTRFS_FEATURE_INCOMPAT_RAID1C34"},
	{0x1000, "BTRFS_FEATURE_INCOMPAT_ZONED"}, {0x2000, "BTRFS_FEATURE_INCOMPAT_EXTENT_TREE_V2"},
}, dflt: "BTRFS_FEATURE_INCOMPAT_???"}

// btrfsFSInfoFlags names the BTRFS_FS_INFO_FLAG_* request flags of BTRFS_IOC_FS_INFO.
var btrfsFSInfoFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_FS_INFO_FLAG_CSUM_INFO"}, {0x2, "BTRFS_FS_INFO_FLAG_GENERATION"},
	{0x4, "BTRFS_FS_INFO_FLAG_METADATA_UUID"},
}, dflt: "BTRFS_FS_INFO_FLAG_???"}

// btrfsKeyTypes names the item key types (BTRFS_*_KEY) of a tree search.
var btrfsKeyTypes = &xlat{vals: []xv{
	{0x1, "BTRFS_INODE_ITEM_KEY"}, {0xc, "BTRFS_INODE_REF_KEY"}, {0xd, "BTRFS_INODE_EXTREF_KEY"},
	{0x18, "BTRFS_XATTR_ITEM_KEY"}, {0x24, "BTRFS_VERITY_DESC_ITEM_KEY"}, {0x25, "BTRFS_VERITY_MERKLE_ITEM_KEY"},
	{0x30, "BTRFS_ORPHAN_ITEM_KEY"}, {0x3c, "BTRFS_DIR_LOG_ITEM_KEY"}, {0x48, "BTRFS_DIR_LOG_INDEX_KEY"},
	{0x54, "BTRFS_DIR_ITEM_KEY"}, {0x60, "BTRFS_DIR_INDEX_KEY"}, {0x6c, "BTRFS_EXTENT_DATA_KEY"},
	{0x80, "BTRFS_EXTENT_CSUM_KEY"}, {0x84, "BTRFS_ROOT_ITEM_KEY"}, {0x90, "BTRFS_ROOT_BACKREF_KEY"},
	{0x9c, "BTRFS_ROOT_REF_KEY"}, {0xa8, "BTRFS_EXTENT_ITEM_KEY"}, {0xa9, "BTRFS_METADATA_ITEM_KEY"},
	{0xb0, "BTRFS_TREE_BLOCK_REF_KEY"}, {0xb2, "BTRFS_EXTENT_DATA_REF_KEY"}, {0xb4, "BTRFS_EXTENT_REF_V0_KEY"},
	{0xb6, "BTRFS_SHARED_BLOCK_REF_KEY"}, {0xb8, "BTRFS_SHARED_DATA_REF_KEY"},
	{0xc0, "BTRFS_BLOCK_GROUP_ITEM_KEY"}, {0xc6, "BTRFS_FREE_SPACE_INFO_KEY"},
	{0xc7, "BTRFS_FREE_SPACE_EXTENT_KEY"}, {0xc8, "BTRFS_FREE_SPACE_BITMAP_KEY"},
	{0xcc, "BTRFS_DEV_EXTENT_KEY"}, {0xd8, "BTRFS_DEV_ITEM_KEY"}, {0xe4, "BTRFS_CHUNK_ITEM_KEY"},
	{0xf0, "BTRFS_QGROUP_STATUS_KEY"}, {0xf2, "BTRFS_QGROUP_INFO_KEY"}, {0xf4, "BTRFS_QGROUP_LIMIT_KEY"},
	{0xf6, "BTRFS_QGROUP_RELATION_KEY"}, {0xf8, "BTRFS_TEMPORARY_ITEM_KEY"},
	{0xf9, "BTRFS_PERSISTENT_ITEM_KEY"}, {0xfa, "BTRFS_DEV_REPLACE_KEY"}, {0xfb, "BTRFS_UUID_KEY_SUBVOL"},
	{0xfc, "BTRFS_UUID_KEY_RECEIVED_SUBVOL"}, {0xfd, "BTRFS_STRING_ITEM_KEY"},
	{0xffffffff, "UINT32_MAX"},
}, decimal: true}

// btrfsLogicalInoFlags names the BTRFS_LOGICAL_INO_ARGS_* flags of BTRFS_IOC_LOGICAL_INO_V2.
var btrfsLogicalInoFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_LOGICAL_INO_ARGS_IGNORE_OFFSET"},
}, dflt: "BTRFS_LOGICAL_INO_ARGS_???"}

// btrfsQgroupCtlCmds names the BTRFS_IOC_QUOTA_CTL commands.
var btrfsQgroupCtlCmds = &xlat{vals: []xv{
	{1, "BTRFS_QUOTA_CTL_ENABLE"}, {2, "BTRFS_QUOTA_CTL_DISABLE"}, {3, "BTRFS_QUOTA_CTL_RESCAN__NOTUSED"},
}, dflt: "BTRFS_QUOTA_CTL_???"}

// btrfsQgroupInheritFlags names the BTRFS_QGROUP_INHERIT_* flags.
var btrfsQgroupInheritFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_QGROUP_INHERIT_SET_LIMITS"},
}, dflt: "BTRFS_QGROUP_INHERIT_???"}

// btrfsQgroupLimitFlags names the BTRFS_QGROUP_LIMIT_* flags of a qgroup limit.
var btrfsQgroupLimitFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_QGROUP_LIMIT_MAX_RFER"}, {0x2, "BTRFS_QGROUP_LIMIT_MAX_EXCL"},
	{0x4, "BTRFS_QGROUP_LIMIT_RSV_RFER"}, {0x8, "BTRFS_QGROUP_LIMIT_RSV_EXCL"},
	{0x10, "BTRFS_QGROUP_LIMIT_RFER_CMPR"}, {0x20, "BTRFS_QGROUP_LIMIT_EXCL_CMPR"},
}, dflt: "BTRFS_QGROUP_LIMIT_???"}

// btrfsScrubFlags names the BTRFS_SCRUB_* flags of a scrub.
var btrfsScrubFlags = &xlat{vals: []xv{{0x1, "BTRFS_SCRUB_READONLY"}}, dflt: "BTRFS_SCRUB_???"}

// btrfsSendFlags names the BTRFS_SEND_FLAG_* flags of BTRFS_IOC_SEND.
var btrfsSendFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_SEND_FLAG_NO_FILE_DATA"}, {0x2, "BTRFS_SEND_FLAG_OMIT_STREAM_HEADER"},
	{0x4, "BTRFS_SEND_FLAG_OMIT_END_CMD"}, {0x8, "BTRFS_SEND_FLAG_VERSION"},
	{0x10, "BTRFS_SEND_FLAG_COMPRESSED"},
}, dflt: "BTRFS_SEND_FLAGS_???"}

// btrfsSnapFlagsV2 names the BTRFS_SUBVOL_* flags of a subvolume.
var btrfsSnapFlagsV2 = &xlat{vals: []xv{
	{0x1, "BTRFS_SUBVOL_CREATE_ASYNC"}, {0x2, "BTRFS_SUBVOL_RDONLY"}, {0x4, "BTRFS_SUBVOL_QGROUP_INHERIT"},
}, dflt: "BTRFS_SUBVOL_???"}

// btrfsSpaceInfoFlags names the block group type and profile bits
// (BTRFS_BLOCK_GROUP_*) of balance profiles and space infos.
var btrfsSpaceInfoFlags = &xlat{vals: []xv{
	{0x1, "BTRFS_BLOCK_GROUP_DATA"}, {0x2, "BTRFS_BLOCK_GROUP_SYSTEM"}, {0x4, "BTRFS_BLOCK_GROUP_METADATA"},
	{0x8, "BTRFS_BLOCK_GROUP_RAID0"}, {0x10, "BTRFS_BLOCK_GROUP_RAID1"}, {0x20, "BTRFS_BLOCK_GROUP_DUP"},
	{0x40, "BTRFS_BLOCK_GROUP_RAID10"}, {0x80, "BTRFS_BLOCK_GROUP_RAID5"}, {0x100, "BTRFS_BLOCK_GROUP_RAID6"},
	{0x1000000000000, "BTRFS_AVAIL_ALLOC_BIT_SINGLE"}, {0x2000000000000, "BTRFS_SPACE_INFO_GLOBAL_RSV"},
}, dflt: "BTRFS_BLOCK_GROUP_???"}

// btrfsTreeObjectIDs names the well-known tree object ids (BTRFS_*_OBJECTID).
var btrfsTreeObjectIDs = &xlat{vals: []xv{
	{1, "BTRFS_ROOT_TREE_OBJECTID"}, {2, "BTRFS_EXTENT_TREE_OBJECTID"}, {3, "BTRFS_CHUNK_TREE_OBJECTID"},
	{4, "BTRFS_DEV_TREE_OBJECTID"}, {5, "BTRFS_FS_TREE_OBJECTID"}, {6, "BTRFS_ROOT_TREE_DIR_OBJECTID"},
	{7, "BTRFS_CSUM_TREE_OBJECTID"}, {8, "BTRFS_QUOTA_TREE_OBJECTID"}, {9, "BTRFS_UUID_TREE_OBJECTID"},
	{10, "BTRFS_FREE_SPACE_TREE_OBJECTID"}, {11, "BTRFS_BLOCK_GROUP_TREE_OBJECTID"},
	{256, "BTRFS_FIRST_FREE_OBJECTID"}, {0xffffffffffffff00, "BTRFS_LAST_FREE_OBJECTID"},
	{0xffffffffffffffff, "UINT64_MAX"},
}, decimal: true}
