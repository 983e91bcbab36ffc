"""The file cache (throttle counts) lives in memory, in a folder that only this user can write:
the file cache unpickles what it reads there."""

import os
from pathlib import Path

import pytest

from rulings.settings import _memory_cache_dir


def test_the_folder_is_made_for_this_user_alone(tmp_path: Path) -> None:
    folder = _memory_cache_dir(tmp_path)
    assert folder is not None and folder.parent == tmp_path
    assert folder.stat().st_mode & 0o777 == 0o700
    assert _memory_cache_dir(tmp_path) == folder, "the same folder for every worker of the checkout"


def test_a_folder_others_can_write_is_not_used(tmp_path: Path) -> None:
    folder = _memory_cache_dir(tmp_path)
    assert folder is not None
    folder.chmod(0o777)
    assert _memory_cache_dir(tmp_path) is None


def test_a_link_in_its_place_is_not_followed(tmp_path: Path) -> None:
    folder = _memory_cache_dir(tmp_path)
    assert folder is not None
    folder.rmdir()
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    folder.symlink_to(target)
    assert _memory_cache_dir(tmp_path) is None


@pytest.mark.skipif(os.getuid() != 0, reason="giving the folder to another user needs root")
def test_a_folder_of_another_user_is_not_used(tmp_path: Path) -> None:
    folder = _memory_cache_dir(tmp_path)
    assert folder is not None
    os.chown(folder, 65534, 65534)
    assert _memory_cache_dir(tmp_path) is None


def test_without_the_memory_file_system_there_is_none(tmp_path: Path) -> None:
    assert _memory_cache_dir(tmp_path / "missing") is None
