"""Search: by name, limited to a folder and a type."""

import pytest
import uuid

from box_sdk_gen import (
    AddShareLinkToFileSharedLink,
    AddShareLinkToFileSharedLinkAccessField,
    CreateFileMetadataByIdScope,
    CreateFolderParent,
    CreateMetadataTemplateFields,
    CreateMetadataTemplateFieldsTypeField,
    MetadataFilter,
    MetadataFilterScopeField,
    SearchForContentTrashContent,
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


def test_search_leaves_out_trashed_items_by_default(admin, workspace, upload):
    word = unique("otter")
    live = upload(workspace.id, f"{word}-live.txt", b"here")
    gone = upload(workspace.id, f"{word}-gone.txt", b"bye")
    admin.files.delete_file_by_id(gone.id)

    results = admin.search.search_for_content(query=word)

    assert [entry.id for entry in results.entries] == [live.id]


@pytest.mark.xfail(strict=True, reason="server: search ignores trash_content (trashed_only answers the live item, not the trashed one)")
def test_search_with_trashed_only_finds_only_the_trashed_item(admin, workspace, upload):
    word = unique("badger")
    upload(workspace.id, f"{word}-live.txt", b"here")
    gone = upload(workspace.id, f"{word}-gone.txt", b"bye")
    admin.files.delete_file_by_id(gone.id)

    results = admin.search.search_for_content(query=word, trash_content=SearchForContentTrashContent.TRASHED_ONLY)

    assert [entry.id for entry in results.entries] == [gone.id]


@pytest.mark.xfail(strict=True, reason="server: search ignores mdfilters (issue 27 lists it among the search parameters the spec lacks)")
def test_search_with_a_metadata_filter_finds_only_matching_items(admin, workspace, upload):
    key = f"dept{uuid.uuid4().hex[:8]}"
    admin.metadata_templates.create_metadata_template(
        "enterprise", "Department", template_key=key,
        fields=[CreateMetadataTemplateFields(type=CreateMetadataTemplateFieldsTypeField.STRING, key="name", display_name="Name")])
    word = unique("walrus")
    tagged = upload(workspace.id, f"{word}-finance.txt", b"f")
    upload(workspace.id, f"{word}-plain.txt", b"p")
    admin.file_metadata.create_file_metadata_by_id(tagged.id, CreateFileMetadataByIdScope.ENTERPRISE, key, {"name": "Finance"})

    results = admin.search.search_for_content(
        query=word,
        mdfilters=[MetadataFilter(scope=MetadataFilterScopeField.ENTERPRISE, template_key=key, filters={"name": "Finance"})])

    assert [entry.id for entry in results.entries] == [tagged.id]
