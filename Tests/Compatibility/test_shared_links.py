"""Shared links, through Box's own calls: `PUT /files/{id}?fields=shared_link` to add, change
and remove a link, `GET /files/{id}?fields=shared_link` to read it, `GET /shared_items` to find
the item by its link."""

from box_sdk_gen import (
    AddShareLinkToFileSharedLink,
    AddShareLinkToFileSharedLinkAccessField,
    AddShareLinkToFolderSharedLink,
    AddShareLinkToFolderSharedLinkAccessField,
    AddShareLinkToWebLinkSharedLink,
    AddShareLinkToWebLinkSharedLinkAccessField,
    CreateWebLinkParent,
    UpdateSharedLinkOnFileSharedLink,
    UpdateSharedLinkOnFileSharedLinkAccessField,
)
from box_sdk_gen.internal.utils import create_null


def test_file_shared_link_added_reads_back_with_its_access(admin, workspace, upload):
    file = upload(workspace.id, "shared.txt", b"look")

    added = admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link",
        shared_link=AddShareLinkToFileSharedLink(access=AddShareLinkToFileSharedLinkAccessField.OPEN))
    read = admin.shared_links_files.get_shared_link_for_file(file.id, "shared_link")

    assert added.shared_link.url
    assert read.shared_link.url == added.shared_link.url
    assert read.shared_link.access == "open"


def test_file_found_by_its_shared_link(admin, workspace, upload):
    file = upload(workspace.id, "findme.txt", b"found")
    link = admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link",
        shared_link=AddShareLinkToFileSharedLink(access=AddShareLinkToFileSharedLinkAccessField.OPEN)).shared_link

    found = admin.shared_links_files.find_file_for_shared_link(f"shared_link={link.url}")

    assert found.id == file.id


def test_file_shared_link_access_change_is_kept(admin, workspace, upload):
    file = upload(workspace.id, "company.txt", b"c")
    admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link",
        shared_link=AddShareLinkToFileSharedLink(access=AddShareLinkToFileSharedLinkAccessField.OPEN))

    admin.shared_links_files.update_shared_link_on_file(
        file.id, "shared_link",
        shared_link=UpdateSharedLinkOnFileSharedLink(access=UpdateSharedLinkOnFileSharedLinkAccessField.COMPANY))

    assert admin.shared_links_files.get_shared_link_for_file(file.id, "shared_link").shared_link.access == "company"


def test_removed_file_shared_link_reads_back_as_none(admin, workspace, upload):
    file = upload(workspace.id, "unshare.txt", b"u")
    admin.shared_links_files.add_share_link_to_file(
        file.id, "shared_link",
        shared_link=AddShareLinkToFileSharedLink(access=AddShareLinkToFileSharedLinkAccessField.OPEN))

    # As Box documents it: `shared_link: null` in the body.
    admin.shared_links_files.remove_shared_link_from_file(file.id, "shared_link", shared_link=create_null())

    assert admin.shared_links_files.get_shared_link_for_file(file.id, "shared_link").shared_link is None


def test_folder_shared_link_added_reads_back(admin, workspace):
    added = admin.shared_links_folders.add_share_link_to_folder(
        workspace.id, "shared_link",
        shared_link=AddShareLinkToFolderSharedLink(access=AddShareLinkToFolderSharedLinkAccessField.COLLABORATORS))

    read = admin.shared_links_folders.get_shared_link_for_folder(workspace.id, "shared_link")

    assert read.shared_link.url == added.shared_link.url
    assert read.shared_link.access == "collaborators"


def test_web_link_shared_link_added_reads_back(admin, workspace):
    link = admin.web_links.create_web_link("https://example.com/a", CreateWebLinkParent(id=workspace.id), name="a")

    added = admin.shared_links_web_links.add_share_link_to_web_link(
        link.id, "shared_link",
        shared_link=AddShareLinkToWebLinkSharedLink(access=AddShareLinkToWebLinkSharedLinkAccessField.OPEN))

    assert admin.shared_links_web_links.get_shared_link_for_web_link(link.id, "shared_link").shared_link.url == added.shared_link.url
