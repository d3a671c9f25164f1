"""Trash: deleted items are listed, read, restored and purged."""

import pytest
from box_sdk_gen import BoxAPIError, CreateFolderParent, CreateWebLinkParent, RestoreFileFromTrashParent

from conftest import unique


def test_deleted_file_is_listed_in_the_trash(admin, workspace, upload):
    file = upload(workspace.id, unique("trash") + ".txt", b"bye")

    admin.files.delete_file_by_id(file.id)

    trash = admin.trashed_items.get_trashed_items(limit=1000)
    assert file.id in [entry.id for entry in trash.entries]
    assert admin.folders.get_folder_items(workspace.id).total_count == 0


def test_trashed_file_reads_back_with_status_trashed(admin, workspace, upload):
    file = upload(workspace.id, "trashed.txt", b"bye")
    admin.files.delete_file_by_id(file.id)

    trashed = admin.trashed_files.get_trashed_file_by_id(file.id)

    assert trashed.id == file.id
    assert trashed.item_status == "trashed"
    assert trashed.trashed_at is not None


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 1 (GET /files/{id} of a trashed file answers 404; Box 200 with item_status trashed)")
def test_trashed_file_still_reads_through_get_file(admin, workspace, upload):
    file = upload(workspace.id, "still-readable.txt", b"bye")
    admin.files.delete_file_by_id(file.id)

    read = admin.files.get_file_by_id(file.id)

    assert read.item_status == "trashed"


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 1 (GET /web_links/{id} of a trashed web link answers 404; Box 200 with item_status trashed)")
def test_trashed_web_link_still_reads_through_get_web_link(admin, workspace):
    link = admin.web_links.create_web_link("https://example.com/", CreateWebLinkParent(id=workspace.id), name="gone")
    admin.web_links.delete_web_link_by_id(link.id)

    read = admin.web_links.get_web_link_by_id(link.id)

    assert read.item_status == "trashed"


def test_restored_file_is_back_in_its_folder(admin, workspace, upload):
    file = upload(workspace.id, "comeback.txt", b"back")
    admin.files.delete_file_by_id(file.id)

    restored = admin.trashed_files.restore_file_from_trash(file.id)

    assert restored.item_status == "active"
    assert [entry.id for entry in admin.folders.get_folder_items(workspace.id).entries] == [file.id]


def test_restoring_into_a_taken_name_is_refused_until_renamed(admin, workspace, upload):
    file = upload(workspace.id, "clash.txt", b"old")
    admin.files.delete_file_by_id(file.id)
    upload(workspace.id, "clash.txt", b"new")

    with pytest.raises(BoxAPIError) as refusal:
        admin.trashed_files.restore_file_from_trash(file.id)
    restored = admin.trashed_files.restore_file_from_trash(
        file.id, name="clash (restored).txt", parent=RestoreFileFromTrashParent(id=workspace.id))

    assert refusal.value.response_info.status_code == 409
    assert refusal.value.response_info.code == "item_name_in_use"
    assert restored.name == "clash (restored).txt"


def test_purged_file_is_gone_from_trash_and_files(admin, workspace, upload):
    file = upload(workspace.id, "purge.txt", b"x")
    admin.files.delete_file_by_id(file.id)

    admin.trashed_files.delete_trashed_file_by_id(file.id)

    with pytest.raises(BoxAPIError) as gone:
        admin.trashed_files.get_trashed_file_by_id(file.id)
    assert gone.value.response_info.status_code == 404


def test_trashed_folder_restores_with_its_contents(admin, workspace, upload):
    folder = admin.folders.create_folder("Boxed", CreateFolderParent(id=workspace.id))
    inner = upload(folder.id, "inner.txt", b"i")
    admin.folders.delete_folder_by_id(folder.id, recursive=True)

    trashed = admin.trashed_folders.get_trashed_folder_by_id(folder.id)
    admin.trashed_folders.restore_folder_from_trash(folder.id)

    assert trashed.item_status == "trashed"
    assert [entry.id for entry in admin.folders.get_folder_items(folder.id).entries] == [inner.id]
