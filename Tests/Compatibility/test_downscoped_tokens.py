"""Downscoped tokens, as Box's Python SDK makes them: limited to item and UI scopes, and to one
item when a resource is given; such a token is refused by everything that is not about items."""

import pytest
from box_sdk_gen import BoxAPIError, BoxDeveloperTokenAuth, NetworkSession

from conftest import unique


def admin_auth(credentials):
    return BoxDeveloperTokenAuth(token=credentials["admin_user"]["developer_token"])


def test_a_token_limited_to_one_file_reads_it_and_reaches_no_admin_area(credentials, base_urls, make_client, workspace, upload):
    file = upload(workspace.id, unique("limited") + ".txt", b"only this")
    token = admin_auth(credentials).downscope_token(
        ["item_preview", "item_read", "item_upload", "item_delete", "base_explorer"],
        resource=f"{credentials['api_base_url']}/files/{file.id}",
        network_session=NetworkSession(base_urls=base_urls),
    )
    limited = make_client(BoxDeveloperTokenAuth(token=token.access_token))

    assert limited.files.get_file_by_id(file.id).id == file.id
    refusals = []
    for call in (
        lambda: limited.legal_hold_policies.create_legal_hold_policy(unique("matter"), is_ongoing=True),
        lambda: limited.session_termination.terminate_users_sessions([credentials["app_users"][0]["id"]], []),
        lambda: limited.users.get_users(),
    ):
        with pytest.raises(BoxAPIError) as refused:
            call()
        refusals.append(refused.value.response_info.status_code)
    assert refusals == [403, 403, 403]


def test_token_exchange_refuses_administration_scopes(credentials, base_urls):
    with pytest.raises(BoxAPIError) as refused:
        admin_auth(credentials).downscope_token(
            ["item_preview", "manage_legal_hold"], network_session=NetworkSession(base_urls=base_urls))

    assert refused.value.response_info.status_code == 400
    assert refused.value.response_info.body.get("error") == "invalid_scope"
