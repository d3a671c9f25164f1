"""Signing in: developer token, Client Credentials Grant and JWT, each as Box documents it."""

import pytest
from box_sdk_gen import BoxAPIError, BoxCCGAuth, BoxJWTAuth, CCGConfig, JWTConfig


def test_developer_token_signs_in_as_its_user(admin, credentials):
    assert admin.users.get_user_me().id == credentials["admin_user"]["id"]


def test_ccg_enterprise_subject_signs_in_as_the_service_account(service, credentials):
    me = service.users.get_user_me()

    assert me.id == credentials["service_account"]["id"]


def test_ccg_user_subject_signs_in_as_that_user(ccg_config, make_client, credentials):
    bob = credentials["app_users"][1]
    client = make_client(BoxCCGAuth(config=ccg_config).with_user_subject(bob["id"]))

    assert client.users.get_user_me().id == bob["id"]


def test_ccg_with_a_wrong_secret_is_refused(make_client, credentials):
    client = make_client(BoxCCGAuth(config=CCGConfig(
        client_id=credentials["clients"]["ccg"]["id"], client_secret="not-the-secret", enterprise_id=credentials["enterprise_id"])))

    with pytest.raises(BoxAPIError) as refusal:
        client.users.get_user_me()

    assert refusal.value.response_info.status_code in (400, 401)
    assert refusal.value.response_info.body.get("error") == "invalid_client"


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 12 (JWT assertions with aud https://api.box.com/oauth2/token are refused with 400)")
def test_jwt_enterprise_subject_signs_in_as_the_service_account(jwt_auth, make_client, credentials):
    client = make_client(jwt_auth)

    assert client.users.get_user_me().id == credentials["service_account"]["id"]


@pytest.mark.xfail(strict=True, reason="server: issue 27 point 12 (JWT assertions with aud https://api.box.com/oauth2/token are refused with 400)")
def test_jwt_user_subject_signs_in_as_that_user(jwt_config_json, make_client, credentials):
    alice = credentials["app_users"][0]
    auth = BoxJWTAuth(config=JWTConfig.from_config_json_string(jwt_config_json)).with_user_subject(alice["id"])

    assert make_client(auth).users.get_user_me().id == alice["id"]
