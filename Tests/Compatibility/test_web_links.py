"""Web links: create, read, change, delete."""

from box_sdk_gen import CreateWebLinkParent


def test_web_link_reads_back_and_is_listed_in_its_folder(admin, workspace):
    link = admin.web_links.create_web_link(
        "https://example.com/handbook", CreateWebLinkParent(id=workspace.id), name="Handbook", description="Read me")

    read = admin.web_links.get_web_link_by_id(link.id)

    assert (read.url, read.name, read.description, read.parent.id) == (
        "https://example.com/handbook", "Handbook", "Read me", workspace.id)
    assert [(entry.id, entry.type) for entry in admin.folders.get_folder_items(workspace.id).entries] == [(link.id, "web_link")]


def test_web_link_url_and_name_change_is_kept(admin, workspace):
    link = admin.web_links.create_web_link("https://example.com/old", CreateWebLinkParent(id=workspace.id), name="Old")

    admin.web_links.update_web_link_by_id(link.id, url="https://example.com/new", name="New")

    read = admin.web_links.get_web_link_by_id(link.id)
    assert (read.url, read.name) == ("https://example.com/new", "New")


def test_deleted_web_link_goes_to_the_trash(admin, workspace):
    link = admin.web_links.create_web_link("https://example.com/bye", CreateWebLinkParent(id=workspace.id), name="Bye")

    admin.web_links.delete_web_link_by_id(link.id)

    assert admin.trashed_web_links.get_trashed_web_link_by_id(link.id).item_status == "trashed"
    assert admin.folders.get_folder_items(workspace.id).entries == []
