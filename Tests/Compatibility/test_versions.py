"""File versions: list, read, promote, trash and restore earlier versions."""

import hashlib
import io

import pytest
from box_sdk_gen import PromoteFileVersionType, UploadFileVersionAttributes
from box_sdk_gen.internal.utils import create_null

from conftest import read_all


def _two_versions(admin, workspace, upload):
    file = upload(workspace.id, "plan-v1.txt", b"first plan")
    admin.uploads.upload_file_version(file.id, UploadFileVersionAttributes(name="plan-v2.txt"), io.BytesIO(b"second plan!"))
    return file


def test_earlier_version_is_listed_with_its_sha1_and_size(admin, workspace, upload):
    file = _two_versions(admin, workspace, upload)

    versions = admin.file_versions.get_file_versions(file.id, fields=["sha1", "size", "name"])

    assert versions.total_count == 1
    assert versions.entries[0].sha_1 == hashlib.sha1(b"first plan").hexdigest()
    assert versions.entries[0].size == len(b"first plan")


def test_earlier_version_reads_back_by_id(admin, workspace, upload):
    file = _two_versions(admin, workspace, upload)
    version_id = admin.file_versions.get_file_versions(file.id).entries[0].id

    version = admin.file_versions.get_file_version_by_id(file.id, version_id)

    assert version.id == version_id
    assert version.sha_1 == hashlib.sha1(b"first plan").hexdigest()


def test_promoted_version_content_becomes_current(admin, workspace, upload):
    file = _two_versions(admin, workspace, upload)
    earlier = admin.file_versions.get_file_versions(file.id).entries[0]

    promoted = admin.file_versions.promote_file_version(file.id, id=earlier.id, type=PromoteFileVersionType.FILE_VERSION)

    assert promoted.sha_1 == hashlib.sha1(b"first plan").hexdigest()
    assert read_all(admin.downloads.download_file(file.id)) == b"first plan"
    assert admin.files.get_file_by_id(file.id).file_version.id == promoted.id


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 7 (a promoted version keeps the newer version's name)")
def test_promoted_version_brings_back_its_own_name_and_size(admin, workspace, upload):
    file = _two_versions(admin, workspace, upload)
    earlier = admin.file_versions.get_file_versions(file.id).entries[0]

    admin.file_versions.promote_file_version(file.id, id=earlier.id, type=PromoteFileVersionType.FILE_VERSION)

    current = admin.files.get_file_by_id(file.id)
    assert (current.name, current.size) == ("plan-v1.txt", len(b"first plan"))


def test_trashed_version_is_marked_trashed_and_can_be_restored(admin, workspace, upload):
    file = _two_versions(admin, workspace, upload)
    version_id = admin.file_versions.get_file_versions(file.id).entries[0].id

    admin.file_versions.delete_file_version_by_id(file.id, version_id)
    trashed = admin.file_versions.get_file_version_by_id(file.id, version_id)
    admin.file_versions.update_file_version_by_id(file.id, version_id, trashed_at=create_null())
    restored = admin.file_versions.get_file_version_by_id(file.id, version_id)

    assert trashed.trashed_at is not None
    assert restored.trashed_at is None
