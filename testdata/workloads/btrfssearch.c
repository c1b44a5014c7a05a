/* btrfssearch: searches the file system tree of the btrfs directory
 * argv[1] from the first inode after its root with
 * BTRFS_IOC_TREE_SEARCH_V2 and a 16 KiB buffer, and changes nothing (the
 * test fills the file system first: with files of a kilobyte, inline
 * extents, the headers of the items found run past the first page after
 * the search's struct). */
#include <fcntl.h>
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <stdlib.h>
#include <sys/ioctl.h>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	int dir = open(argv[1], O_RDONLY | O_DIRECTORY);
	if (dir < 0)
		return 1;
	struct btrfs_ioctl_search_args_v2 *a = calloc(1, sizeof(*a) + 16384);
	a->key.tree_id = BTRFS_FS_TREE_OBJECTID;
	a->key.min_objectid = BTRFS_FIRST_FREE_OBJECTID + 1;
	a->key.max_objectid = -1ULL;
	a->key.max_offset = -1ULL;
	a->key.max_transid = -1ULL;
	a->key.max_type = -1U;
	a->key.nr_items = 40;
	a->buf_size = 16384;
	return ioctl(dir, BTRFS_IOC_TREE_SEARCH_V2, a) != 0;
}
