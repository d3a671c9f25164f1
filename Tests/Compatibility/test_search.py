"""Search: by name, limited to a folder and a type."""

import pytest
from box_sdk_gen import (
    AddShareLinkToFileSharedLink,
    AddShareLinkToFileSharedLinkAccessField,
    CreateFolderParent,
    SearchForContentType,
)

from conftest import unique


def test_search_finds_an_uploaded_file_by_name_within_its_folder(admin, workspace, upload):
    word = unique("zebra")
    file = upload(workspace.id, f"{word}.txt", b"stripes")
    upload(workspace.id, "other.txt", b"nothing")

    results = admin.search.search_for_content(query=word, ancestor_folder_ids=[workspace.id], type=SearchForContentType.FILE)

    assert [entry.id for entry in results.entries] == [file.id]
    assert results.total_count == 1


def test_search_by_type_folder_finds_only_folders(admin, workspace, upload):
    word = unique("lynx")
    folder = admin.folders.create_folder(word, CreateFolderParent(id=workspace.id))
    upload(workspace.id, f"{word}.txt", b"a file of the same name")

    results = admin.search.search_for_content(query=word, type=SearchForContentType.FOLDER)

    assert [entry.id for entry in results.entries] == [folder.id]


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 3 (include_recent_shared_links answers plain search results)")
def test_search_with_recent_shared_links_wraps_each_item(admin, workspace, upload):
    word = unique("heron")
    file = upload(workspace.id, f"{word}.txt", b"shared")
    admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link",
        shared_link=AddShareLinkToFileSharedLink(access=AddShareLinkToFileSharedLinkAccessField.OPEN))

    results = admin.search.search_for_content(query=word, include_recent_shared_links=True)

    assert results.type == "search_results_with_shared_links"
    assert [entry.item.id for entry in results.entries] == [file.id]
